import { describe, expect, it } from 'vitest';
import { actionsFor, emailProblem, nameProblem, passwordProblem, reasonProblem } from './operator-lifecycle';

describe('operator lifecycle', () => {
  it('an ACTIVE operator can be suspended, have the password reset, get a new setup link, or be revoked', () => {
    expect(actionsFor('ACTIVE', false)).toEqual(['SUSPEND', 'RESET_PASSWORD', 'RESEND_SETUP', 'REVOKE']);
  });

  it('a SUSPENDED operator can be reactivated or revoked', () => {
    expect(actionsFor('SUSPENDED', false)).toEqual(['REACTIVATE', 'REVOKE']);
  });

  it('WITHDRAWN is terminal', () => {
    expect(actionsFor('WITHDRAWN', false)).toEqual([]);
  });

  it('nothing is offered on one’s own account', () => {
    expect(actionsFor('ACTIVE', true)).toEqual([]);
    expect(actionsFor('SUSPENDED', true)).toEqual([]);
  });
});

describe('operator form rules', () => {
  it('a suspension reason is not blank and at most 255 characters', () => {
    expect(reasonProblem('  ')).toBe('REQUIRED');
    expect(reasonProblem('x'.repeat(255))).toBeNull();
    expect(reasonProblem('x'.repeat(256))).toBe('TOO_LONG');
  });

  it('a password has 8 to 100 characters', () => {
    expect(passwordProblem('1234567')).toBe('TOO_SHORT');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(101))).toBe('TOO_LONG');
  });

  it('an email is required, at most 254 characters and looks like one', () => {
    expect(emailProblem('')).toBe('REQUIRED');
    expect(emailProblem('ops@')).toBe('INVALID');
    expect(emailProblem('ops@storecast.test')).toBeNull();
    expect(emailProblem(`${'a'.repeat(250)}@x.io`)).toBe('TOO_LONG');
  });

  it('a name is required and at most 255 characters', () => {
    expect(nameProblem(' ')).toBe('REQUIRED');
    expect(nameProblem('Kim')).toBeNull();
    expect(nameProblem('x'.repeat(256))).toBe('TOO_LONG');
  });
});
