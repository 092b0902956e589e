/** A test-send recipient (spec 02 EmailTemplateTestSendRequest.to: an email of at most 254 characters). */
export const RECIPIENT_MAX = 254;
export type RecipientProblem = 'REQUIRED' | 'TOO_LONG' | 'INVALID' | null;

export const recipientProblem = (to: string): RecipientProblem => {
  const v = to.trim();
  if (!v) return 'REQUIRED';
  if (v.length > RECIPIENT_MAX) return 'TOO_LONG';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : 'INVALID';
};

/** What the answer of a test send means for the operator (EmailTemplateTestSendResponse). */
export type TestSendOutcome = 'DELIVERED' | 'NOT_CONFIGURED' | 'FAILED';
export const testSendOutcome = (r: { delivered: boolean; emailConfigured: boolean }): TestSendOutcome =>
  r.delivered ? 'DELIVERED' : r.emailConfigured ? 'FAILED' : 'NOT_CONFIGURED';
