import { describe, expect, it } from 'vitest';
import { byPosition, trackLength } from './catalog-rules';

describe('playlists and libraries', () => {
  it('list a playlist’s libraries in position order', () => {
    const libraries = [{ name: 'c', position: 2 }, { name: 'a', position: 0 }, { name: 'b', position: 1 }];
    expect(byPosition(libraries).map((l) => l.name)).toEqual(['a', 'b', 'c']);
    expect(libraries[0]!.name).toBe('c'); // the answer itself is left as it came
  });

  it('show track lengths as m:ss', () => {
    expect(trackLength(185)).toBe('3:05');
    expect(trackLength(3661)).toBe('1:01:01');
    expect(trackLength(0)).toBe('0:00');
  });
});
