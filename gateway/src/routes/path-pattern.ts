// Path patterns shared by the route table, the rate-limit groups and the body limits.
//
//   /api/v1/auth/login              exact path (a trailing slash is ignored)
//   /api/v1/admin/music/**          the path itself and everything below it
//   /api/v1/admin/hq/*/consents     `*` is exactly one segment (an id)
//
// Matching is per segment and case-sensitive, so `/api/v1/hq/storesX` never matches
// `/api/v1/hq/stores/**`. Among matching patterns the most specific wins: more segments first,
// then an exact pattern before a prefix pattern, then fewer `*` segments.
export interface PathPattern {
  readonly source: string;
  readonly segments: readonly string[];
  readonly prefix: boolean;
  readonly wildcards: number;
}

export const compilePattern = (source: string): PathPattern => {
  const prefix = source.endsWith('/**');
  const body = prefix ? source.slice(0, -3) : source;
  const segments = body.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s.includes('*') && s !== '*')) throw new Error(`bad path pattern: ${source}`);
  return { source, segments, prefix, wildcards: segments.filter((s) => s === '*').length };
};

/**
 * Splits a request path into segments. Returns undefined for paths the gateway refuses to route:
 * dot segments (also percent-encoded) and malformed percent escapes, so no upstream ever
 * resolves a path differently from how the gateway classified it.
 */
export const splitPath = (path: string): string[] | undefined => {
  const segments = path.split('/').filter((s) => s.length > 0);
  for (const s of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      return undefined;
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')) return undefined;
  }
  return segments;
};

export const matchesPattern = (pattern: PathPattern, segments: readonly string[]): boolean => {
  if (pattern.prefix ? segments.length < pattern.segments.length : segments.length !== pattern.segments.length) {
    return false;
  }
  return pattern.segments.every((s, i) => s === '*' || s === segments[i]);
};

/** Negative when a is more specific than b. */
export const compareSpecificity = (a: PathPattern, b: PathPattern): number =>
  b.segments.length - a.segments.length ||
  Number(a.prefix) - Number(b.prefix) ||
  a.wildcards - b.wildcards;

/** Sorts entries once so that the first match is the most specific one. */
export const bySpecificity = <T extends { pattern: PathPattern }>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => compareSpecificity(a.pattern, b.pattern));

/** A method + path-pattern rule carrying a value (a body class, a rate-limit group). */
export interface MethodRule<T> {
  readonly methods: readonly string[];
  readonly pattern: PathPattern;
  readonly value: T;
}

export const methodRule = <T>(methods: string | string[], pattern: string, value: T): MethodRule<T> => ({
  methods: Array.isArray(methods) ? methods : [methods],
  pattern: compilePattern(pattern),
  value,
});

/** Looks up the most specific rule for a method and path in a table sorted once. */
export const methodRuleLookup = <T>(rules: readonly MethodRule<T>[]) => {
  const sorted = bySpecificity(rules);
  return (method: string, segments: readonly string[]): T | undefined =>
    sorted.find((r) => r.methods.includes(method) && matchesPattern(r.pattern, segments))?.value;
};
