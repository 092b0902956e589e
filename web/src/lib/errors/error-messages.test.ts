import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, describeError, fieldErrors } from './api-error';
import { ERROR_MESSAGES } from './error-messages';

/** The codes of spec 02 § Errors' table (the complete list of the platform's codes). */
const specCodes = (): string[] => {
  const spec = fs.readFileSync(path.resolve(__dirname, '../../../../../shared/spec/02-platform-operator-accounts-legal-music-tickets.md'), 'utf8');
  const table = spec.slice(spec.indexOf('## Errors'), spec.indexOf('## Limits'));
  const rows = table.split('\n').filter((line) => /^\| \d{3} \|/.test(line));
  return [...new Set(rows.flatMap((row) => row.split('|')[2]!.match(/\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|\bFORBIDDEN\b/g) ?? []))];
};

describe('error sentences', () => {
  it('has a Korean and an English sentence for every code of the spec', () => {
    const codes = specCodes();
    expect(codes.length).toBeGreaterThan(80);
    const missing = codes.filter((code) => !ERROR_MESSAGES[code]?.ko || !ERROR_MESSAGES[code]?.en);
    expect(missing).toEqual([]);
  });

  it('reads the envelope and shows the sentence of its code, not the server message', () => {
    const err = apiErrorFrom(409, { success: false, error: { code: 'DEVICE_LIMIT_EXCEEDED', message: 'limit' } });
    expect(err.code).toBe('DEVICE_LIMIT_EXCEEDED');
    expect(describeError(err, 'en')).toMatch(/at most 4 devices/);
    expect(describeError(err, 'ko')).toMatch(/4대/);
  });

  it('says how long to wait when rate limited, from Retry-After', () => {
    const err = apiErrorFrom(429, undefined, new Headers({ 'retry-after': '17' }));
    expect(err.code).toBe('RATE_LIMITED');
    expect(describeError(err, 'en')).toBe('Too many requests. Try again in 17 seconds.');
  });

  it('gives a body-less 413 its meaning', () => {
    expect(describeError(apiErrorFrom(413, 'Payload Too Large'), 'en')).toMatch(/too large/);
  });

  it('maps validation details to field sentences', () => {
    const err = apiErrorFrom(400, { success: false, error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'body.text', code: 'too_big', message: 'x' }] } });
    expect(fieldErrors(err, 'en')).toEqual({ text: 'Too long or too large.' });
  });

  it('falls back to a sentence for anything unknown', () => {
    expect(describeError(new Error('boom'), 'ko')).toMatch(/알 수 없는/);
    expect(describeError(new ApiError(500, 'SOMETHING_NEW', 'x', [], null, 'e-123'), 'en')).toMatch(/\(e-123\)$/);
  });
});
