// Real, minimal files of each accepted type (and some that are not), built byte by byte so the
// signature checks run against what a browser would really send.

/** A 1×1 RGB PNG (the kit's test media). */
export { png } from '@storecast/service-kit/testing';

/** A 1×1 GIF89a. */
export const gif = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A 1×1 baseline JPEG. */
export const jpeg = (): Buffer =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

/** A 1×1 lossless WebP. */
export const webp = (): Buffer => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A one-page PDF. */
export const pdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

/** An SVG (an image type that is not accepted, and can carry scripts). */
export const svg = (): Buffer => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A ZIP archive (signature PK\x03\x04). */
export const zip = (): Buffer => Buffer.from('UEsDBAoAAAAAAAAAIQAAAAAAAAAAAAAAAAAFAAAAYS50eHRQSwECFAAKAAAAAAAAACEAAAAAAAAAAAAAAAAFAAAAAAAAAAAAAAAAAAAAAGEudHh0UEsFBgAAAAABAAEAMwAAACMAAAAAAA==', 'base64');

/** A multipart form with one file part (and optional text fields). */
export const form = (file: Buffer, name: string, declaredType: string, fields: Record<string, string> = {}): FormData => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(file)], { type: declaredType }), name);
  return f;
};
