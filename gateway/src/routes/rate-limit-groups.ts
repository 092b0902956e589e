import { methodRule, methodRuleLookup, splitPath, type MethodRule } from './path-pattern';

// Rate-limit groups (spec 02 § Limits) and THE mapping of method + path → group.
// Every group is a one-minute window in Redis, keyed per group and principal: the account id of
// a signed-in caller, else the client IP. Limits are overridable by environment (config.ts).
// Groups of services that do not exist yet are declared anyway: a rule costs nothing until a
// request matches it. Paths the spec does not show are our best reading; the owning service's
// engineer adjusts the pattern here when the path is fixed.

export type RateLimitGroup =
  | 'LOGIN'
  | 'SYNTHESIS'
  | 'DISPATCH'
  | 'HQ_CONTROL'
  | 'TICKET_ATTACHMENT'
  | 'STORE_PROVISION'
  | 'BULK_PROVISION'
  | 'UPLOAD_FILES'
  | 'EMAIL_TEMPLATE_TEST'
  | 'API_SIGN_UP'
  | 'ACCOUNT_MAIL';

export interface RateLimitGroupSpec {
  /** Requests per minute by default. */
  readonly perMinute: number;
  /** Environment variable that overrides perMinute. */
  readonly env: string;
  /** What one counter belongs to. `principal` = account id when signed in, else IP. */
  readonly keyBy: 'principal' | 'ip';
  readonly appliesTo: string;
}

export const RATE_LIMIT_GROUPS: Readonly<Record<RateLimitGroup, RateLimitGroupSpec>> = {
  // LOGIN has two counters (see login-limiter.ts and README): every attempt per IP, and failed
  // attempts per IP + email. perMinute here is the per-IP one.
  LOGIN: { perMinute: 30, env: 'RATE_LIMIT_LOGIN_PER_IP', keyBy: 'ip', appliesTo: 'login' },
  SYNTHESIS: { perMinute: 10, env: 'RATE_LIMIT_SYNTHESIS', keyBy: 'principal', appliesTo: 'speech synthesis' },
  DISPATCH: { perMinute: 30, env: 'RATE_LIMIT_DISPATCH', keyBy: 'principal', appliesTo: 'announcement dispatch' },
  HQ_CONTROL: { perMinute: 30, env: 'RATE_LIMIT_HQ_CONTROL', keyBy: 'principal', appliesTo: 'dispatch cancel/revoke, schedules' },
  TICKET_ATTACHMENT: { perMinute: 10, env: 'RATE_LIMIT_TICKET_ATTACHMENT', keyBy: 'principal', appliesTo: 'ticket attachment upload' },
  STORE_PROVISION: { perMinute: 20, env: 'RATE_LIMIT_STORE_PROVISION', keyBy: 'principal', appliesTo: 'store onboarding, HQ store creation, manager issue' },
  BULK_PROVISION: { perMinute: 3, env: 'RATE_LIMIT_BULK_PROVISION', keyBy: 'principal', appliesTo: 'HQ CSV bulk store creation' },
  UPLOAD_FILES: { perMinute: 20, env: 'RATE_LIMIT_UPLOAD_FILES', keyBy: 'ip', appliesTo: 'upload files endpoint (per IP)' },
  EMAIL_TEMPLATE_TEST: { perMinute: 5, env: 'RATE_LIMIT_EMAIL_TEMPLATE_TEST', keyBy: 'principal', appliesTo: 'email template test send' },
  // Not a spec group: the public API sign-up is an open form that writes rows and notifies operators.
  API_SIGN_UP: { perMinute: 5, env: 'RATE_LIMIT_API_SIGN_UP', keyBy: 'ip', appliesTo: 'public API sign-up (per IP)' },
  // Not a spec group: requests that send a mail to an account (password reset, setup resend). Each
  // request counts once per IP and once per recipient (the body's email, or the path's account id),
  // so neither one address nor one mailbox can be flooded.
  ACCOUNT_MAIL: { perMinute: 5, env: 'RATE_LIMIT_ACCOUNT_MAIL', keyBy: 'ip', appliesTo: 'password-reset request, setup resend (per IP and per recipient)' },
};

/** Failed login attempts per IP + email and minute (LOGIN's second counter). */
export const LOGIN_FAILURES_PER_EMAIL = { perMinute: 10, env: 'RATE_LIMIT_LOGIN_PER_EMAIL' } as const;

const rule = (methods: string | string[], pattern: string, group: RateLimitGroup) => methodRule(methods, pattern, group);

export const RATE_LIMIT_RULES: readonly MethodRule<RateLimitGroup>[] = [
  rule('POST', '/api/v1/auth/login', 'LOGIN'),

  // Synthesis: announcement create and update (an update resynthesizes when text/voice/tone/tempo
  // change; the gateway cannot see that, so every update counts), store broadcast preview.
  rule('POST', '/api/v1/hq/announcements', 'SYNTHESIS'),
  rule('PUT', '/api/v1/hq/announcements/*', 'SYNTHESIS'),
  rule('POST', '/api/v1/hq/announcements/*/resynthesize', 'SYNTHESIS'),
  rule('POST', '/api/v1/store/broadcasts/preview', 'SYNTHESIS'),
  rule('POST', '/api/v1/admin/tts/smoke-test', 'SYNTHESIS'),

  // Dispatch: HQ announcement dispatch; a store's own broadcast send dispatches too.
  rule('POST', '/api/v1/hq/announcements/*/dispatch', 'DISPATCH'),
  rule('POST', '/api/v1/hq/announcements/*/dispatches', 'DISPATCH'),
  rule('POST', '/api/v1/store/broadcasts/*/send', 'DISPATCH'),

  // HQ control: dispatch cancel and revoke, recurring schedule create and cancel.
  rule('POST', '/api/v1/hq/dispatches/*/cancel', 'HQ_CONTROL'),
  rule('POST', '/api/v1/hq/dispatches/*/revoke', 'HQ_CONTROL'),
  rule('POST', '/api/v1/hq/announcements/*/schedules', 'HQ_CONTROL'),
  rule('POST', '/api/v1/hq/dispatch-schedules', 'HQ_CONTROL'),
  rule(['POST', 'DELETE'], '/api/v1/hq/dispatch-schedules/*/cancel', 'HQ_CONTROL'),
  rule('DELETE', '/api/v1/hq/dispatch-schedules/*', 'HQ_CONTROL'),

  // Ticket attachment upload, on each of the four channels.
  rule('POST', '/api/v1/admin/tickets/*/attachments', 'TICKET_ATTACHMENT'),
  rule('POST', '/api/v1/hq/tickets/*/attachments', 'TICKET_ATTACHMENT'),
  rule('POST', '/api/v1/hq/store-tickets/*/attachments', 'TICKET_ATTACHMENT'),
  rule('POST', '/api/v1/store/tickets/*/attachments', 'TICKET_ATTACHMENT'),

  rule('POST', '/api/v1/admin/stores/independent', 'STORE_PROVISION'),
  rule('POST', '/api/v1/admin/hq/*/stores', 'STORE_PROVISION'),
  rule('POST', '/api/v1/hq/stores', 'STORE_PROVISION'),
  rule('POST', '/api/v1/hq/stores/*/managers', 'STORE_PROVISION'),

  rule('POST', '/api/v1/hq/stores/bulk', 'BULK_PROVISION'),

  rule('POST', '/api/v1/uploads/files', 'UPLOAD_FILES'),

  rule('POST', '/api/v1/admin/email-templates/*/test', 'EMAIL_TEMPLATE_TEST'),
  rule('POST', '/api/v1/admin/email-templates/*/test-send', 'EMAIL_TEMPLATE_TEST'),

  rule('POST', '/api/v1/api-access/sign-up', 'API_SIGN_UP'),

  rule('POST', '/api/v1/auth/password-reset/request', 'ACCOUNT_MAIL'),
  rule('POST', '/api/v1/admin/accounts/*/resend-setup', 'ACCOUNT_MAIL'),
];

const groupOf = methodRuleLookup(RATE_LIMIT_RULES);

/** The group a request counts against, if any (most specific rule wins). */
export const rateLimitGroupForSegments = (method: string, segments: readonly string[]): RateLimitGroup | undefined =>
  groupOf(method, segments);

export const rateLimitGroupFor = (method: string, path: string): RateLimitGroup | undefined => {
  const segments = splitPath(path);
  return segments && rateLimitGroupForSegments(method, segments);
};
