import { loadPlaybackConfig } from '../src/config';

describe('playback configuration', () => {
  it('opens a pool of 20 connections unless DATABASE_POOL_MAX says otherwise (reports are the hot write path)', () => {
    expect(loadPlaybackConfig({}).DATABASE_POOL_MAX).toBe(20);
    expect(loadPlaybackConfig({ DATABASE_POOL_MAX: '8' }).DATABASE_POOL_MAX).toBe(8);
    expect(() => loadPlaybackConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});
