import { describe, expect, it } from 'vitest';
import { changedContactFields, contactValuesOf } from './profile-diff';

describe('changedContactFields', () => {
  const before = contactValuesOf({ managerName: 'Kim', managerEmail: null, managerPhone: '02-123-4567' });

  it('sends nothing when nothing changed (whitespace aside)', () => {
    expect(changedContactFields(before, { ...before, managerName: ' Kim ' })).toEqual({});
  });

  it('sends only the changed keys, trimmed', () => {
    expect(changedContactFields(before, { ...before, managerEmail: ' kim@example.com ' })).toEqual({ managerEmail: 'kim@example.com' });
  });

  it('sends null for a field emptied', () => {
    expect(changedContactFields(before, { ...before, managerPhone: '   ' })).toEqual({ managerPhone: null });
  });

  it('reads null as empty', () => {
    expect(before.managerEmail).toBe('');
  });
});
