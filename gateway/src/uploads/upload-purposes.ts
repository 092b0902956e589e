import type { Role, UploadPurpose } from '@storecast/service-kit/edge';

// Spec 02 § Upload tickets: which role may ask for which purpose, and where the gateway forwards a
// ticketed upload. The target endpoints are the services' own multipart routes (same contract and
// logic); they accept the ticket themselves (kit `auth.uploadPurposes`), so the gateway is never
// the only check. The service of a target is the one the route table gives its path.

/** OPERATOR: MUSIC_* and TICKET_ATTACHMENT_ADMIN; HQ_MANAGER: COMMERCIAL_*, TICKET_ATTACHMENT_HQ(_STORE); STORE_MANAGER: TICKET_ATTACHMENT_STORE. */
export const PURPOSES_BY_ROLE: Readonly<Record<Role, readonly UploadPurpose[]>> = {
  OPERATOR: ['MUSIC_CREATE', 'MUSIC_REPLACE', 'TICKET_ATTACHMENT_ADMIN'],
  HQ_MANAGER: ['COMMERCIAL_CREATE', 'COMMERCIAL_REPLACE', 'TICKET_ATTACHMENT_HQ', 'TICKET_ATTACHMENT_HQ_STORE'],
  STORE_MANAGER: ['TICKET_ATTACHMENT_STORE'],
};

export interface UploadTarget {
  method: 'POST' | 'PUT';
  /** The target path for the ticket's target id (the music to replace, the support ticket). */
  path: (targetId: string) => string;
  /** Whether a ticket of this purpose names a target id (required) or none (refused). */
  needsTarget: boolean;
  /** What the target id is, for messages and the document. */
  targetName?: string;
  /** Counts against the TICKET_ATTACHMENT group (10/min per account) as a direct upload does. */
  attachment: boolean;
}

const attachmentTo = (prefix: string): UploadTarget => ({
  method: 'POST',
  path: (id) => `${prefix}/${id}/attachments`,
  needsTarget: true,
  targetName: 'support ticket id',
  attachment: true,
});

/**
 * Purpose → target endpoint (a purpose without one would answer 503 SERVICE_UNAVAILABLE "not
 * available yet"). COMMERCIAL_* go to announcement-dispatch's commercial song routes.
 */
export const UPLOAD_TARGETS: Readonly<Record<UploadPurpose, UploadTarget | undefined>> = {
  MUSIC_CREATE: { method: 'POST', path: () => '/api/v1/admin/music', needsTarget: false, attachment: false },
  MUSIC_REPLACE: { method: 'PUT', path: (id) => `/api/v1/admin/music/${id}/file`, needsTarget: true, targetName: 'music id', attachment: false },
  COMMERCIAL_CREATE: { method: 'POST', path: () => '/api/v1/hq/commercials', needsTarget: false, attachment: false },
  COMMERCIAL_REPLACE: { method: 'PUT', path: (id) => `/api/v1/hq/commercials/${id}/file`, needsTarget: true, targetName: 'commercial song id', attachment: false },
  TICKET_ATTACHMENT_ADMIN: attachmentTo('/api/v1/admin/tickets'),
  TICKET_ATTACHMENT_HQ: attachmentTo('/api/v1/hq/tickets'),
  TICKET_ATTACHMENT_HQ_STORE: attachmentTo('/api/v1/hq/store-tickets'),
  TICKET_ATTACHMENT_STORE: attachmentTo('/api/v1/store/tickets'),
};

export const purposeAllowed = (role: Role, purpose: UploadPurpose): boolean => PURPOSES_BY_ROLE[role].includes(purpose);
