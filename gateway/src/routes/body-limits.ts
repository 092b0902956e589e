import { methodRule, methodRuleLookup, splitPath, type MethodRule } from './path-pattern';

// THE body-size table. The gateway streams bodies to the services, so it enforces these with
// Content-Length (refused before a byte is read) and, for chunked bodies, by counting while
// streaming. Over the limit → 413 PAYLOAD_TOO_LARGE.
//
// Multipart limits are the spec's file limit plus MULTIPART_OVERHEAD for the multipart envelope
// and the other parts, so a file just over the spec's limit still reaches the service and gets the
// spec's own 400 (MUSIC_INVALID_FIELD, TICKET_ATTACHMENT_INVALID_FIELD, RECORDING_INVALID_FIELD);
// clearly oversized bodies stop here. Everything not listed is JSON: BODY_LIMIT (default 1 MB).

const MiB = 1024 * 1024;
export const MULTIPART_OVERHEAD = 1 * MiB;

/**
 * Legal documents (spec 02 § Limits: content at most 200000 characters): JSON encoders that write
 * every character as a `\uXXXX` escape need 6 bytes per character (a character outside the BMP is
 * two UTF-16 units, counted twice by the limit and escaped twice), plus room for the other fields.
 */
export const LEGAL_CONTENT_MAX_CHARS = 200_000;
export const LEGAL_DOCUMENT_BODY_LIMIT = LEGAL_CONTENT_MAX_CHARS * 6 + 64 * 1024;

export type BodyClass = 'music' | 'attachment' | 'csv' | 'recording' | 'upload-file' | 'legal-document';

export const BODY_CLASS_LIMITS: Readonly<Record<BodyClass, number>> = {
  music: 20 * MiB + MULTIPART_OVERHEAD, // MP3 music and CM songs: at most 20 MB
  attachment: 10 * MiB + MULTIPART_OVERHEAD, // ticket attachments: at most 10 MB
  csv: 2 * MiB, // HQ bulk store CSV (1000 rows)
  recording: 10 * MiB + MULTIPART_OVERHEAD, // store broadcast recording: at most 10 MB
  'upload-file': 20 * MiB + MULTIPART_OVERHEAD, // ticketed upload: the largest target (music)
  'legal-document': LEGAL_DOCUMENT_BODY_LIMIT, // terms / privacy policy publish: 200000 escaped characters
};

const rule = (methods: string | string[], pattern: string, bodyClass: BodyClass) => methodRule(methods, pattern, bodyClass);

export const BODY_RULES: readonly MethodRule<BodyClass>[] = [
  rule('POST', '/api/v1/admin/music', 'music'),
  rule('PUT', '/api/v1/admin/music/*/file', 'music'),
  rule('POST', '/api/v1/hq/commercials', 'music'),
  rule('PUT', '/api/v1/hq/commercials/*/file', 'music'),
  rule('POST', '/api/v1/admin/tickets/*/attachments', 'attachment'),
  rule('POST', '/api/v1/hq/tickets/*/attachments', 'attachment'),
  rule('POST', '/api/v1/hq/store-tickets/*/attachments', 'attachment'),
  rule('POST', '/api/v1/store/tickets/*/attachments', 'attachment'),
  rule('POST', '/api/v1/hq/stores/bulk', 'csv'),
  rule('POST', '/api/v1/store/broadcasts/recording', 'recording'),
  rule('POST', '/api/v1/uploads/files', 'upload-file'),
  rule('POST', '/api/v1/admin/terms', 'legal-document'),
  rule('POST', '/api/v1/admin/privacy-policy', 'legal-document'),
];

const bodyClassOf = methodRuleLookup(BODY_RULES);

/** Largest accepted body in bytes for a request; jsonLimit applies to everything not listed. */
export const bodyLimitForSegments = (method: string, segments: readonly string[], jsonLimit: number): number => {
  const bodyClass = bodyClassOf(method, segments);
  return bodyClass ? BODY_CLASS_LIMITS[bodyClass] : jsonLimit;
};

export const bodyLimitFor = (method: string, path: string, jsonLimit: number): number => {
  const segments = splitPath(path);
  return segments ? bodyLimitForSegments(method, segments, jsonLimit) : jsonLimit;
};
