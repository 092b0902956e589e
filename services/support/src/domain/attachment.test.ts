import { ATTACHMENT_MAX_BYTES, attachmentFits, checkAttachment, cleanFileName } from './attachment';

describe('attachment rules', () => {
  it('refuses an empty file before looking at its type', () => {
    expect(checkAttachment(0, undefined)).toEqual({ ok: false, problem: 'EMPTY' });
  });

  it('accepts exactly 10 MB and refuses one byte more', () => {
    expect(checkAttachment(ATTACHMENT_MAX_BYTES, 'image/png')).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkAttachment(ATTACHMENT_MAX_BYTES + 1, 'image/png')).toEqual({ ok: false, problem: 'TOO_LARGE' });
  });

  it.each(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'])('accepts the sniffed type %s', (mime) => {
    expect(checkAttachment(10, mime)).toEqual({ ok: true, contentType: mime });
  });

  it.each([undefined, 'image/svg+xml', 'application/zip', 'text/plain', 'image/bmp'])('refuses the sniffed type %s', (mime) => {
    expect(checkAttachment(10, mime)).toEqual({ ok: false, problem: 'UNSUPPORTED_TYPE' });
  });

  it('fits a fifth attachment and not a sixth', () => {
    expect(attachmentFits(4)).toBe(true);
    expect(attachmentFits(5)).toBe(false);
  });

  it('keeps the base name without paths or control characters', () => {
    expect(cleanFileName('C:\\Users\\kim\\receipt.pdf', 'application/pdf')).toBe('receipt.pdf');
    expect(cleanFileName('../../etc/passwd.png', 'image/png')).toBe('passwd.png');
    expect(cleanFileName('a\u0000b\u001fc.png', 'image/png')).toBe('abc.png');
  });

  it('replaces lone surrogates and keeps real pairs', () => {
    expect(cleanFileName('x\uD800y.png', 'image/png')).toBe('x\uFFFDy.png');
    expect(cleanFileName('😀.png', 'image/png')).toBe('😀.png');
  });

  it('falls back to a name from the type when nothing usable is left', () => {
    expect(cleanFileName('', 'application/pdf')).toBe('attachment.pdf');
    expect(cleanFileName('..', 'image/webp')).toBe('attachment.webp');
  });

  it('cuts names to 255 characters', () => {
    expect(cleanFileName(`${'a'.repeat(300)}.png`, 'image/png')).toHaveLength(255);
  });
});
