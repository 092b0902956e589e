// THE public API key format (spec 01 § Authentication names the headers; the shape is ours), used by
// identity, which issues keys, and by the gateway, which refuses any other shape with 400
// "Malformed API Key" before asking identity:
//
//   sc_live_<prefix>_<secret>
//   prefix  8 characters [a-z0-9]: unique, stored in clear by identity, shown in key lists, the lookup key
//   secret  40 characters [A-Za-z0-9] (≈238 bits): never stored, only inside the SHA-256 of the whole key
//
// Neither part contains `_`, so the separators are unambiguous. Pure: no I/O (domain purity rule).

export const API_KEY_LIVE_PREFIX = 'sc_live_';
export const API_KEY_PREFIX_LENGTH = 8;
export const API_KEY_PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_SECRET_LENGTH = 40;
export const API_KEY_SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Length of every key: `sc_live_` + prefix + `_` + secret. */
export const API_KEY_LENGTH = API_KEY_LIVE_PREFIX.length + API_KEY_PREFIX_LENGTH + 1 + API_KEY_SECRET_LENGTH;

export const API_KEY_PATTERN = new RegExp(
  `^${API_KEY_LIVE_PREFIX}([a-z0-9]{${API_KEY_PREFIX_LENGTH}})_([A-Za-z0-9]{${API_KEY_SECRET_LENGTH}})$`,
);

export interface ParsedApiKey {
  /** The public lookup part. */
  readonly prefix: string;
  /** The secret part; never logged. */
  readonly secret: string;
  /** The whole key as presented. */
  readonly key: string;
}

/** The key's parts, or undefined when the value is not exactly of the key format. */
export const parseApiKey = (value: string): ParsedApiKey | undefined => {
  if (value.length !== API_KEY_LENGTH) return undefined;
  const m = API_KEY_PATTERN.exec(value);
  return m ? { prefix: m[1]!, secret: m[2]!, key: value } : undefined;
};

export const isApiKey = (value: string): boolean => parseApiKey(value) !== undefined;

/** The lookup prefix of a well-formed key (e.g. to find its row), else undefined. */
export const apiKeyPrefixOf = (value: string): string | undefined => parseApiKey(value)?.prefix;

/** The key of a prefix and a secret; throws when the parts would not make a well-formed key. */
export const formatApiKey = (prefix: string, secret: string): string => {
  const key = `${API_KEY_LIVE_PREFIX}${prefix}_${secret}`;
  if (!parseApiKey(key)) throw new RangeError('API key parts are not of the key format');
  return key;
};
