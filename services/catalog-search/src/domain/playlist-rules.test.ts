import { duplicates, playableSources, playlistStatus, resolvePlaylist, typeMismatches } from './playlist-rules';
import { id3Plan, kstTimestamp } from './id3-plan';

const usage = { playableMusicCount: 3, appliedStoreCount: 0, appliedDeviceCount: 0, isDefault: false };

describe('playlist status', () => {
  it('a playlist with nothing to play is EMPTY, even when it is the default or applied', () => {
    expect(playlistStatus({ ...usage, playableMusicCount: 0 })).toBe('EMPTY');
    expect(playlistStatus({ ...usage, playableMusicCount: 0, isDefault: true, appliedStoreCount: 2 })).toBe('EMPTY');
  });
  it('a playlist a store or a device uses is ACTIVE, default or not', () => {
    expect(playlistStatus({ ...usage, appliedStoreCount: 1 })).toBe('ACTIVE');
    expect(playlistStatus({ ...usage, appliedDeviceCount: 1 })).toBe('ACTIVE');
    expect(playlistStatus({ ...usage, appliedStoreCount: 1, isDefault: true })).toBe('ACTIVE');
  });
  it('the default nobody uses explicitly is FALLBACK; anything else UNUSED', () => {
    expect(playlistStatus({ ...usage, isDefault: true })).toBe('FALLBACK');
    expect(playlistStatus(usage)).toBe('UNUSED');
  });
});

describe('plan filtering', () => {
  it('TRUST plays TRUST and AI, AI plays AI only, no plan plays all', () => {
    expect(playableSources('TRUST')).toEqual(['AI', 'TRUST']);
    expect(playableSources('AI')).toEqual(['AI']);
    expect(playableSources(null)).toEqual(['AI', 'TRUST']);
  });
});

describe('queue resolution', () => {
  const p = (id: string) => ({ id });
  it('prefers the device, then the store, then the HQ default, and names the source', () => {
    expect(resolvePlaylist({ device: p('d'), store: p('s'), hqDefault: p('h') })).toEqual({ playlist: p('d'), source: 'DEVICE' });
    expect(resolvePlaylist({ store: p('s'), hqDefault: p('h') })).toEqual({ playlist: p('s'), source: 'STORE' });
    expect(resolvePlaylist({ device: null, hqDefault: p('h') })).toEqual({ playlist: p('h'), source: 'DEFAULT' });
    expect(resolvePlaylist({})).toEqual({ playlist: null, source: 'NONE' });
  });
});

describe('small list rules', () => {
  it('names the music whose source differs from the library type', () => {
    expect(typeMismatches('AI', [{ id: 'a', musicSource: 'AI' }, { id: 'b', musicSource: 'TRUST' }])).toEqual(['b']);
  });
  it('names ids given twice', () => {
    expect(duplicates(['a', 'b', 'a', 'c', 'b', 'a'])).toEqual(['a', 'b']);
    expect(duplicates([])).toEqual([]);
  });
});

describe('the ID3 plan', () => {
  it('formats the rewrite time in KST as yyyy-MM-dd HH:mm:ss and takes the KST year', () => {
    const at = new Date('2026-12-31T15:30:05.123Z'); // 2027-01-01 00:30:05 KST
    expect(kstTimestamp(at)).toBe('2027-01-01 00:30:05');
    expect(id3Plan('Song', 'Brand', at)).toEqual({ title: 'Song', brand: 'Brand', year: 2027, watermark: { description: 'STORECAST_REWRITTEN_AT', value: '2027-01-01 00:30:05' } });
  });
});
