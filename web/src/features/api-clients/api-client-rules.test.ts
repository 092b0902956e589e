import { describe, expect, it } from 'vitest';
import { canDecide, canIssueKey, expiryDaysProblem, keyActions, rejectReasonProblem } from './api-client-rules';

describe('API client rules', () => {
  it('only a PENDING sign-up is approved or rejected', () => {
    expect(canDecide('PENDING')).toBe(true);
    expect(canDecide('APPROVED')).toBe(false);
    expect(canDecide('REJECTED')).toBe(false);
  });

  it('keys are issued after approval only', () => {
    expect(canIssueKey('APPROVED')).toBe(true);
    expect(canIssueKey('PENDING')).toBe(false);
    expect(canIssueKey('REJECTED')).toBe(false);
  });

  it('an ACTIVE key is rotated or revoked; a revoked or expired one is left alone', () => {
    expect(keyActions('APPROVED', 'ACTIVE')).toEqual(['ROTATE', 'REVOKE']);
    expect(keyActions('REJECTED', 'ACTIVE')).toEqual(['REVOKE']);
    expect(keyActions('APPROVED', 'REVOKED')).toEqual([]);
    expect(keyActions('APPROVED', 'EXPIRED')).toEqual([]);
  });

  it('a rejection says why, in at most 255 characters', () => {
    expect(rejectReasonProblem('  ')).toBe('REQUIRED');
    expect(rejectReasonProblem('No business need given')).toBeNull();
    expect(rejectReasonProblem('x'.repeat(256))).toBe('TOO_LONG');
  });

  it('a key lifetime is empty (the default) or 1 to 3650 whole days', () => {
    expect(expiryDaysProblem('')).toBeNull();
    expect(expiryDaysProblem(365)).toBeNull();
    expect(expiryDaysProblem(0)).toBe('OUT_OF_RANGE');
    expect(expiryDaysProblem(3651)).toBe('OUT_OF_RANGE');
    expect(expiryDaysProblem(1.5)).toBe('NOT_WHOLE');
  });
});
