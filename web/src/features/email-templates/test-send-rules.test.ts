import { describe, expect, it } from 'vitest';
import { recipientProblem, testSendOutcome } from './test-send-rules';

describe('test send', () => {
  it('needs an address of at most 254 characters that looks like an email', () => {
    expect(recipientProblem('   ')).toBe('REQUIRED');
    expect(recipientProblem('someone@')).toBe('INVALID');
    expect(recipientProblem('a b@c.de')).toBe('INVALID');
    expect(recipientProblem(' ops@storecast.test ')).toBeNull();
    expect(recipientProblem(`${'a'.repeat(245)}@mail.test`)).toBe('TOO_LONG');
  });

  it('delivered false means unconfigured mail or a vendor failure', () => {
    expect(testSendOutcome({ delivered: true, emailConfigured: true })).toBe('DELIVERED');
    expect(testSendOutcome({ delivered: false, emailConfigured: false })).toBe('NOT_CONFIGURED');
    expect(testSendOutcome({ delivered: false, emailConfigured: true })).toBe('FAILED');
  });
});
