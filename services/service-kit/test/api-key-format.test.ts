import {
  API_KEY_LENGTH,
  API_KEY_PREFIX_ALPHABET,
  API_KEY_PREFIX_LENGTH,
  API_KEY_SECRET_ALPHABET,
  API_KEY_SECRET_LENGTH,
  apiKeyPrefixOf,
  formatApiKey,
  isApiKey,
  parseApiKey,
} from '../src';

const SECRET = 'Ab3'.repeat(13) + 'Z'; // 40 characters of [A-Za-z0-9]

describe('the public API key format (one definition for identity and the gateway)', () => {
  it('is sc_live_<8 [a-z0-9]>_<40 [A-Za-z0-9]> and round-trips through format and parse', () => {
    const key = formatApiKey('ab12cd34', SECRET);
    expect(key).toBe(`sc_live_ab12cd34_${SECRET}`);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(parseApiKey(key)).toEqual({ prefix: 'ab12cd34', secret: SECRET, key });
    expect(isApiKey(key)).toBe(true);
    expect(apiKeyPrefixOf(key)).toBe('ab12cd34');
  });

  it('every key made of the alphabets is accepted', () => {
    const prefix = API_KEY_PREFIX_ALPHABET.slice(-API_KEY_PREFIX_LENGTH);
    const secret = API_KEY_SECRET_ALPHABET.slice(0, API_KEY_SECRET_LENGTH);
    expect(parseApiKey(formatApiKey(prefix, secret))).toMatchObject({ prefix, secret });
  });

  it.each([
    ['another scheme', `sc_test_ab12cd34_${SECRET}`],
    ['an upper-case prefix', `sc_live_AB12CD34_${SECRET}`],
    ['a short prefix', `sc_live_ab12cd3_${SECRET}`],
    ['a prefix with _', `sc_live_ab1_cd34_${SECRET}`],
    ['a short secret', `sc_live_ab12cd34_${SECRET.slice(1)}`],
    ['a long secret', `sc_live_ab12cd34_${SECRET}x`],
    ['base64url characters in the secret', `sc_live_ab12cd34_${SECRET.slice(2)}-_`],
    ['surrounding whitespace', ` sc_live_ab12cd34_${SECRET}`],
    ['a trailing newline', `sc_live_ab12cd34_${SECRET}\n`],
    ['a NUL byte', `sc_live_ab12cd34_${SECRET.slice(1)}\u0000`],
    ['a lone surrogate', `sc_live_ab12cd34_${SECRET.slice(1)}\ud800`],
    ['a huge value', `sc_live_ab12cd34_${'A'.repeat(100_000)}`],
    ['nothing', ''],
  ])('refuses %s', (_what, value) => {
    expect(parseApiKey(value)).toBeUndefined();
    expect(isApiKey(value)).toBe(false);
    expect(apiKeyPrefixOf(value)).toBeUndefined();
  });

  it('cannot format a key the gateway would refuse', () => {
    expect(() => formatApiKey('AB12CD34', SECRET)).toThrow(RangeError);
    expect(() => formatApiKey('ab12cd34', 'short')).toThrow(RangeError);
  });
});
