import { API_KEY_PATTERN as KIT_PATTERN, parseApiKey as kitParse } from '@storecast/service-kit/domain/api-key-format';
import {
  API_KEY_PATTERN,
  decideClient,
  encodeRandom,
  formatApiKey,
  judgeApiKey,
  parseApiKey,
  PREFIX_ALPHABET,
  PREFIX_LENGTH,
  SECRET_ALPHABET,
  SECRET_LENGTH,
} from './api-keys';

const now = new Date('2026-03-01T00:00:00.000Z');

describe('API key format', () => {
  it('round-trips through format and parse', () => {
    const key = formatApiKey('ab12cd34', 'A'.repeat(20) + 'z9'.repeat(10));
    expect(key).toBe(`sc_live_ab12cd34_${'A'.repeat(20)}${'z9'.repeat(10)}`);
    expect(parseApiKey(key)).toEqual({ prefix: 'ab12cd34', secret: 'A'.repeat(20) + 'z9'.repeat(10), key });
  });

  it('is the kit\'s definition, the one the gateway checks before asking identity', () => {
    const issued = formatApiKey(encodeRandom(Uint8Array.from({ length: 8 }, (_, i) => i * 4), PREFIX_ALPHABET, PREFIX_LENGTH)!, encodeRandom(Uint8Array.from({ length: 40 }, (_, i) => i), SECRET_ALPHABET, SECRET_LENGTH)!);
    expect(kitParse(issued)).toEqual(parseApiKey(issued));
    expect(API_KEY_PATTERN).toBe(KIT_PATTERN);
  });

  it('ignores surrounding whitespace of a presented key', () => {
    const key = formatApiKey('ab12cd34', 'A'.repeat(40));
    expect(parseApiKey(`  ${key}\n`)?.prefix).toBe('ab12cd34');
  });

  it('rejects keys of another shape as malformed', () => {
    for (const bad of ['', 'sc_live_short_x', 'sc_test_ab12cd34_' + 'A'.repeat(40), 'sc_live_AB12CD34_' + 'A'.repeat(40), 'sc_live_ab12cd34_' + 'A'.repeat(39), 'sc_live_ab12cd34_' + 'A'.repeat(39) + '-', 'sc_live_ab12cd34_' + 'A'.repeat(39) + '\u0000']) {
      expect(parseApiKey(bad)).toBeUndefined();
    }
  });

  it('encodes random bytes onto the alphabet without modulo bias', () => {
    // 252 is at the rejection limit for a 36-character alphabet (256 - 256 % 36 = 252) and is skipped.
    expect(encodeRandom(Uint8Array.from([252, 0, 1, 35, 36]), PREFIX_ALPHABET, 4)).toBe('ab9a');
    expect(encodeRandom(Uint8Array.from([0]), PREFIX_ALPHABET, 4)).toBeUndefined();
  });
});

describe('API key verdict', () => {
  const key = { status: 'ACTIVE' as const, expiresAt: new Date(now.getTime() + 1000), clientStatus: 'APPROVED' };
  it('is VALID for an active, unexpired key of an approved client', () => {
    expect(judgeApiKey(key, true, now)).toBe('VALID');
  });
  it('is UNKNOWN when the prefix is unknown or the secret does not match', () => {
    expect(judgeApiKey(undefined, false, now)).toBe('UNKNOWN');
    expect(judgeApiKey(key, false, now)).toBe('UNKNOWN');
  });
  it('is REVOKED, EXPIRED or CLIENT_NOT_APPROVED otherwise', () => {
    expect(judgeApiKey({ ...key, status: 'REVOKED' }, true, now)).toBe('REVOKED');
    expect(judgeApiKey({ ...key, expiresAt: now }, true, now)).toBe('EXPIRED');
    expect(judgeApiKey({ ...key, clientStatus: 'REJECTED' }, true, now)).toBe('CLIENT_NOT_APPROVED');
  });
});

describe('API client decisions', () => {
  it('are taken once, from PENDING', () => {
    expect(decideClient('PENDING', 'APPROVE')).toBe('APPROVED');
    expect(decideClient('PENDING', 'REJECT')).toBe('REJECTED');
    expect(decideClient('APPROVED', 'REJECT')).toBeUndefined();
    expect(decideClient('REJECTED', 'APPROVE')).toBeUndefined();
  });
});
