import fc from 'fast-check';

/**
 * Arbitraries and checks for property tests of hostile input (the hardening rule: whatever a
 * client puts in a string field, a query or a path segment — control characters, NUL, lone
 * surrogates, astral characters, very long values — a service never answers a 5xx).
 */

/** One UTF-16 code unit, surrogates included (so lone surrogates appear). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

export const hostileText = (longest: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: codeUnit, maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udfff', '%', '_', '\\', "'", '"', ' ', '\n', '@', '😀'), maxLength: 20 }),
    fc.tuple(fc.string({ unit: codeUnit, maxLength: 5 }), fc.integer({ min: 200, max: longest })).map(([s, n]) => s + 'x'.repeat(n)),
  );

/** For body fields: up to 20,000 characters. */
export const hostileString = hostileText(20_000);
/** For query strings: they stay under Node's request-line limit (16 KiB); longer URLs get 431 before any route. */
export const hostileQuery = hostileText(4_000);

/** Percent-encodes any string, lone surrogates as their WTF-8 bytes (encodeURIComponent refuses them). */
export const encodeAny = (s: string): string => {
  let out = '';
  for (const ch of s) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
};

/** Fails the property when the call answers a 5xx. */
export const neverServerError = async (call: () => Promise<{ status: number; text: string }>): Promise<void> => {
  const res = await call();
  if (res.status >= 500) throw new Error(`answered ${res.status}: ${res.text.slice(0, 300)}`);
};
