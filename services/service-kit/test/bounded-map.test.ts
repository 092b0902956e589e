import { setNewest } from '../src';

describe('setNewest (a Map as a bounded cache, oldest first)', () => {
  it('drops the oldest entry once the map holds max', () => {
    const map = new Map([['a', 1], ['b', 2]]);
    setNewest(map, 'c', 3, 2);
    expect([...map]).toEqual([['b', 2], ['c', 3]]);
  });

  it('a key already held moves to the newest place without dropping another', () => {
    const map = new Map([['a', 1], ['b', 2]]);
    setNewest(map, 'a', 10, 2);
    expect([...map]).toEqual([['b', 2], ['a', 10]]);
  });
});
