/** spec 02 § Limits: ticket attachments are PNG, JPEG, GIF, WebP or PDF, at most 10 MB, 5 per ticket. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_TICKET = 5;

const BY_EXTENSION: Record<string, AttachmentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The file's type as the browser declares it, else from its name (some systems declare none). */
export const attachmentTypeOf = (file: { name: string; type: string }): AttachmentType | null => {
  const declared = file.type.toLowerCase();
  if ((ATTACHMENT_TYPES as readonly string[]).includes(declared)) return declared as AttachmentType;
  if (declared) return null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || null;
};

export type AttachmentProblem = 'LIMIT' | 'TYPE' | 'EMPTY' | 'SIZE';

/** What keeps a file from being attached, checked before uploading (the server checks the signature too). */
export const attachmentProblem = (file: { name: string; type: string; size: number }, attachedCount: number): AttachmentProblem | null => {
  if (attachedCount >= ATTACHMENTS_PER_TICKET) return 'LIMIT';
  if (!attachmentTypeOf(file)) return 'TYPE';
  if (file.size <= 0) return 'EMPTY';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'SIZE';
  return null;
};

/** "2.4 MB", "830 KB", "120 B". */
export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
