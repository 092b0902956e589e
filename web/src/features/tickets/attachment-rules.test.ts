import { describe, expect, it } from 'vitest';
import { attachmentProblem, attachmentTypeOf, formatBytes } from './attachment-rules';

const MB = 1024 * 1024;

describe('attachment rules', () => {
  it('takes the five types, by declared type or else by name', () => {
    expect(attachmentTypeOf({ name: 'a.png', type: 'image/png' })).toBe('image/png');
    expect(attachmentTypeOf({ name: 'scan', type: 'application/pdf' })).toBe('application/pdf');
    expect(attachmentTypeOf({ name: 'photo.JPG', type: '' })).toBe('image/jpeg');
    expect(attachmentTypeOf({ name: 'a.webp', type: 'IMAGE/WEBP' })).toBe('image/webp');
    expect(attachmentTypeOf({ name: 'a.svg', type: 'image/svg+xml' })).toBeNull();
    expect(attachmentTypeOf({ name: 'a.png', type: 'text/plain' })).toBeNull();
    expect(attachmentTypeOf({ name: 'noextension', type: '' })).toBeNull();
  });

  it('refuses a sixth file, other types, empty files and more than 10 MB', () => {
    const ok = { name: 'a.pdf', type: 'application/pdf', size: 10 * MB };
    expect(attachmentProblem(ok, 4)).toBeNull();
    expect(attachmentProblem(ok, 5)).toBe('LIMIT');
    expect(attachmentProblem({ ...ok, type: 'application/zip' }, 0)).toBe('TYPE');
    expect(attachmentProblem({ ...ok, size: 0 }, 0)).toBe('EMPTY');
    expect(attachmentProblem({ ...ok, size: 10 * MB + 1 }, 0)).toBe('SIZE');
  });

  it('formats sizes', () => {
    expect(formatBytes(120)).toBe('120 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(2.5 * MB)).toBe('2.5 MB');
  });
});
