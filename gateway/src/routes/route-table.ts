import type { Role } from '@storecast/service-kit/edge';
import { bySpecificity, compilePattern, matchesPattern, type PathPattern, splitPath } from './path-pattern';

// THE route table of the gateway: path pattern → upstream, auth mode, role gate.
//
// Patterns (see path-pattern.ts): an exact path, `/**` for the path and everything below it,
// `*` for one segment. The MOST SPECIFIC matching pattern wins, whatever its position in this
// list (more segments first, exact before `/**`, literals before `*`), e.g.
//   /api/v1/admin/hq/*/impersonate   → identity      (5 segments + 1, exact)
//   /api/v1/admin/hq/*/consents/**   → legal
//   /api/v1/admin/hq/**              → organization  (everything else under /admin/hq)
// A path no pattern matches answers 404 NOT_FOUND. gateway/README.md repeats this table.

export const SERVICES = [
  'identity',
  'legal',
  'organization',
  'catalog-search',
  'announcement-dispatch',
  'playback',
  'support',
  'sse-fanout',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** `gateway-uploads` is the gateway's own upload-ticket endpoints (src/uploads). */
export type RouteTarget = ServiceName | 'gateway-uploads';

/**
 * public          no credential (or a credential the upstream checks itself: setup token, upload
 *                 ticket, stream ticket)
 * token           access JWT in `Authorization: Bearer`, verified here and again by the service
 * api-key-bearer  public catalog API key in `Authorization: Bearer <key>` (spec 01)
 * api-key-header  public search API key in `X-API-Key` (spec 01)
 */
export type AuthMode = 'public' | 'token' | 'api-key-bearer' | 'api-key-header';

export interface RouteEntry {
  readonly pattern: PathPattern;
  readonly service: RouteTarget;
  readonly auth: AuthMode;
  /** Roles allowed (token routes only); absent = any signed-in role. */
  readonly roles?: readonly Role[];
  /** Error body shape: the platform envelope, or spec 01's `{ message, error, statusCode }`. */
  readonly errorShape: 'platform' | 'legacy';
}

const entry = (pattern: string, service: RouteTarget, auth: AuthMode, roles?: Role[]): RouteEntry => ({
  pattern: compilePattern(pattern),
  service,
  auth,
  roles,
  errorShape: auth === 'api-key-bearer' || auth === 'api-key-header' ? 'legacy' : 'platform',
});
const pub = (pattern: string, service: RouteTarget) => entry(pattern, service, 'public');
const signedIn = (pattern: string, service: RouteTarget) => entry(pattern, service, 'token');
const admin = (pattern: string, service: RouteTarget) => entry(pattern, service, 'token', ['OPERATOR']);
const hq = (pattern: string, service: RouteTarget) => entry(pattern, service, 'token', ['HQ_MANAGER']);
const store = (pattern: string, service: RouteTarget) => entry(pattern, service, 'token', ['STORE_MANAGER']);

export const ROUTES: readonly RouteEntry[] = [
  // ── Authentication (identity) ───────────────────────────────────────────────────────────
  pub('/api/v1/auth/login', 'identity'),
  pub('/api/v1/auth/refresh', 'identity'),
  pub('/api/v1/auth/setup/**', 'identity'), // verify, complete: the setup token is the credential
  pub('/api/v1/auth/password-reset/**', 'identity'), // request, confirm
  pub('/api/v1/auth/email-change/confirm', 'identity'),
  pub('/api/v1/auth/impersonate-exchange', 'identity'), // the exchange token is the credential
  pub('/api/v1/auth/jwks', 'identity'),
  signedIn('/api/v1/auth/logout', 'identity'),
  signedIn('/api/v1/auth/change-password', 'identity'),
  signedIn('/api/v1/auth/me', 'identity'),
  signedIn('/api/v1/auth/email-change/request', 'identity'),
  signedIn('/api/v1/auth/**', 'identity'), // anything else under /auth needs a session
  // Public API access (identity): sign-up is public; key/usage carry the API key, checked by identity.
  pub('/api/v1/api-access/**', 'identity'),

  // ── Legal documents and consents (legal) ────────────────────────────────────────────────
  pub('/api/v1/terms/active', 'legal'),
  pub('/api/v1/privacy-policy/active', 'legal'),
  signedIn('/api/v1/legal/**', 'legal'), // terms/agree, privacy/agree (any role)

  // ── Operator backoffice /api/v1/admin/** (OPERATOR) ────────────────────────────────────
  admin('/api/v1/admin/accounts/**', 'identity'), // manager account actions, resend-setup
  admin('/api/v1/admin/operators/**', 'identity'),
  admin('/api/v1/admin/hq/*/impersonate', 'identity'),
  admin('/api/v1/admin/email-templates/**', 'identity'),
  admin('/api/v1/admin/api-clients/**', 'identity'),
  admin('/api/v1/admin/terms/**', 'legal'),
  admin('/api/v1/admin/privacy-policy/**', 'legal'),
  admin('/api/v1/admin/hq/*/consents/**', 'legal'),
  admin('/api/v1/admin/hq/**', 'organization'), // HQ list, detail, onboarding, suspend, HQ stores
  admin('/api/v1/admin/stores/**', 'organization'),
  admin('/api/v1/admin/hq/*/default-playlist/**', 'catalog-search'), // HQ default playlist (operator-only)
  admin('/api/v1/admin/music/**', 'catalog-search'),
  admin('/api/v1/admin/tags/**', 'catalog-search'),
  admin('/api/v1/admin/libraries/**', 'catalog-search'),
  admin('/api/v1/admin/playlists/**', 'catalog-search'),
  admin('/api/v1/admin/tickets/**', 'support'),
  admin('/api/v1/admin/stats/**', 'support'),
  admin('/api/v1/admin/playback-logs/**', 'playback'),
  admin('/api/v1/admin/playback-status/**', 'playback'), // the fleet's playback state (operator dashboard)
  admin('/api/v1/admin/tts/**', 'announcement-dispatch'), // operator speech synthesis smoke test

  // ── HQ mode /api/v1/hq/** (HQ_MANAGER) ─────────────────────────────────────────────────
  hq('/api/v1/hq/me/**', 'organization'),
  hq('/api/v1/hq/stores/**', 'organization'),
  hq('/api/v1/hq/playlists/**', 'catalog-search'),
  hq('/api/v1/hq/libraries/**', 'catalog-search'),
  hq('/api/v1/hq/announcements/**', 'announcement-dispatch'),
  hq('/api/v1/hq/dispatches/**', 'announcement-dispatch'), // dispatch history/cancel/revoke (paths not shown)
  hq('/api/v1/hq/dispatch-schedules/**', 'announcement-dispatch'), // recurring schedules (paths not shown)
  hq('/api/v1/hq/tts-voices/**', 'announcement-dispatch'),
  hq('/api/v1/hq/commercials/**', 'announcement-dispatch'),
  hq('/api/v1/hq/dashboard/undelivered-today/**', 'announcement-dispatch'),
  hq('/api/v1/hq/dashboard/playback-status/**', 'playback'),
  hq('/api/v1/hq/playback-logs/**', 'playback'),
  hq('/api/v1/hq/playback/**', 'playback'),
  hq('/api/v1/hq/store-tickets/**', 'support'),
  hq('/api/v1/hq/store-support/**', 'support'),
  hq('/api/v1/hq/tickets/**', 'support'),

  // ── Store mode /api/v1/store/** (STORE_MANAGER) ────────────────────────────────────────
  store('/api/v1/store/me/**', 'organization'),
  store('/api/v1/store/devices/**', 'organization'),
  store('/api/v1/store/announcements/stream-ticket', 'sse-fanout'),
  // EventSource cannot send headers: the stream ticket in the query is the credential (spec 03).
  pub('/api/v1/store/announcements/stream', 'sse-fanout'),
  store('/api/v1/store/announcements/**', 'announcement-dispatch'), // pending, {id}/ack
  store('/api/v1/store/playback/**', 'playback'),
  store('/api/v1/store/queue/**', 'playback'),
  store('/api/v1/store/broadcasts/**', 'announcement-dispatch'),
  store('/api/v1/store/broadcast-templates/**', 'announcement-dispatch'),
  store('/api/v1/store/scheduled-broadcasts/**', 'announcement-dispatch'),
  store('/api/v1/store/slot-occupancy/**', 'announcement-dispatch'),
  store('/api/v1/store/tickets/**', 'support'),
  store('/api/v1/store/support/**', 'support'),

  // ── Upload tickets (the gateway itself: src/uploads) ──────────────────────────────────────
  signedIn('/api/v1/uploads/tickets', 'gateway-uploads'),
  pub('/api/v1/uploads/files', 'gateway-uploads'), // the X-Upload-Ticket is the credential

  // ── Public catalog and search API (spec 01, API keys) ───────────────────────────────────
  entry('/v1/music/**', 'catalog-search', 'api-key-bearer'),
  entry('/api/music/search/**', 'catalog-search', 'api-key-header'),
];

const SORTED = bySpecificity(ROUTES);

/** The most specific route for a request path's segments (see splitPath), or undefined (→ 404 NOT_FOUND). */
export const resolveRouteSegments = (segments: readonly string[]): RouteEntry | undefined =>
  SORTED.find((r) => matchesPattern(r.pattern, segments));

/** The most specific route for a request path, or undefined (→ 404 NOT_FOUND). */
export const resolveRoute = (path: string): RouteEntry | undefined => {
  const segments = splitPath(path);
  return segments && resolveRouteSegments(segments);
};

/**
 * Calls a token holder with passwordMustChange may still make (spec 02 § Authentication).
 * OPTIONS is allowed too: every OPTIONS request passes the gateway without credentials (preflight).
 */
export const PASSWORD_CHANGE_ALLOWLIST: ReadonlyArray<{ method: string; pattern: PathPattern }> = [
  { method: 'POST', pattern: compilePattern('/api/v1/auth/change-password') },
  { method: 'GET', pattern: compilePattern('/api/v1/auth/me') },
  { method: 'POST', pattern: compilePattern('/api/v1/auth/logout') },
  { method: 'POST', pattern: compilePattern('/api/v1/auth/refresh') },
];

export const allowedWhilePasswordMustChange = (method: string, path: string): boolean => {
  if (method === 'OPTIONS') return true;
  const segments = splitPath(path);
  return !!segments && PASSWORD_CHANGE_ALLOWLIST.some((a) => a.method === method && matchesPattern(a.pattern, segments));
};
