import { planAllows } from './plan';

describe('plan filtering', () => {
  it('TRUST plays TRUST and AI, AI plays AI only, no plan plays all', () => {
    expect([planAllows('TRUST', 'TRUST'), planAllows('TRUST', 'AI')]).toEqual([true, true]);
    expect([planAllows('AI', 'TRUST'), planAllows('AI', 'AI')]).toEqual([false, true]);
    expect([planAllows(null, 'TRUST'), planAllows(null, 'AI')]).toEqual([true, true]);
  });
});
