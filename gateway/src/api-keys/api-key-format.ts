// Public API keys (spec 01): `sc_live_<prefix>_<secret>`.
//   prefix  8 characters, base62 [A-Za-z0-9] — stored in clear by identity, shown in key lists,
//           used to look the key up
//   secret  32 to 200 characters, base64url [A-Za-z0-9_-] — stored hashed only
// The prefix has no `_`, so the first `_` after it separates prefix and secret unambiguously.

export const API_KEY_LIVE_PREFIX = 'sc_live_';

const API_KEY_RE = /^sc_live_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{32,200})$/;

export interface ParsedApiKey {
  /** The public lookup part (8 base62 characters). */
  readonly prefix: string;
  /** The secret part; never logged. */
  readonly secret: string;
  /** The whole key as presented. */
  readonly key: string;
}

/** The key's parts, or undefined when the value is not of the key format (→ 400 "Malformed API Key"). */
export const parseApiKey = (value: string): ParsedApiKey | undefined => {
  const m = API_KEY_RE.exec(value);
  if (!m) return undefined;
  return { prefix: m[1]!, secret: m[2]!, key: value };
};

export const formatApiKey = (prefix: string, secret: string): string => `${API_KEY_LIVE_PREFIX}${prefix}_${secret}`;
