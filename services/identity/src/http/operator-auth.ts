/**
 * The guard of every operator path (kit auth option): a valid OPERATOR token, not impersonating
 * (an impersonated session gets 403 IMPERSONATION_FORBIDDEN_ACTION before the role gate), password
 * changed. That the operator is still ACTIVE is the use case's check (403 PRINCIPAL_SCOPE_MISMATCH),
 * documented on every operator route with OPERATOR_ERRORS.
 */
export const OPERATOR_ONLY = { roles: ['OPERATOR'], forbidImpersonation: true } as const;

/** The 403 every operator use case may add (an operator suspended or revoked since its token was issued). */
export const OPERATOR_ERRORS = { 403: ['PRINCIPAL_SCOPE_MISMATCH'] };
