/** The versions a setup completion must agree to, as legal reports them (absent: nothing published). */
export interface ActiveVersions {
  termsVersion?: string | null;
  privacyPolicyVersion?: string | null;
}

/**
 * Spec 02: SetupCompleteRequest versions "must equal the active ones". A published document must be
 * agreed with its exact version; where nothing is published, no version may be given. Returns the
 * mismatching field names (empty when the request agrees).
 */
export const mismatchedVersions = (active: ActiveVersions, given: ActiveVersions): string[] => {
  const out: string[] = [];
  if ((active.termsVersion ?? null) !== (given.termsVersion ?? null)) out.push('termsVersion');
  if ((active.privacyPolicyVersion ?? null) !== (given.privacyPolicyVersion ?? null)) out.push('privacyPolicyVersion');
  return out;
};

/** Only managers agree to legal documents; operators have no agreement step. */
export const agreementApplies = (role: string): boolean => role === 'HQ_MANAGER' || role === 'STORE_MANAGER';
