import type { DomainEventMap } from '@storecast/proto';
import { z } from 'zod';

/**
 * The events of GET /api/v1/store/announcements/stream (spec 03 § Events). Names and payloads the
 * spec leaves open are chosen here, documented in the OpenAPI description and the README:
 * - `connected`: right after subscription;
 * - `announcement`: a dispatch of the store became PENDING (created for now, its scheduled time came,
 *   a recurring occurrence fell due); the payload is the PendingAnnouncementItem of the pending list
 *   plus deviceId and pendingAt, so a player may start at once; it still reloads the pending list;
 * - `announcement-revoked`: HQ stopped a PENDING dispatch remotely; the player stops it at once
 *   (the pending list carries it in revokedDispatchIds too);
 * - `stream-ended`: the last event of a stream the server ends because its store was suspended,
 *   closed or deleted, or its device revoked (organization events); the reason tells the player
 *   not to reconnect at once, as it would after the 30-minute close or a lost connection.
 */
export const STREAM_EVENT = {
  connected: 'connected',
  announcement: 'announcement',
  revoked: 'announcement-revoked',
  ended: 'stream-ended',
} as const;

/** Why the server ended a stream before its lifetime: its store or its device can no longer stream. */
export const STREAM_END_REASONS = ['STORE_SUSPENDED', 'STORE_CLOSED', 'STORE_DELETED', 'DEVICE_REVOKED'] as const;

export const ConnectedEventSchema = z.object({
  storeId: z.string(),
  /** The device the ticket named, or null for a store-level stream. */
  deviceId: z.string().nullable(),
  connectedAt: z.string(),
  /** When the server will close this stream (at most 30 minutes after connectedAt). */
  closesAt: z.string(),
  keepAliveSeconds: z.number().int(),
});

export const AnnouncementEventSchema = z.object({
  dispatchId: z.string(),
  announcementId: z.string(),
  title: z.string(),
  /** Presigned and time-limited: when it has expired, the pending list has a fresh one. */
  audioUrl: z.string(),
  durationSeconds: z.number().nullable(),
  isEmergency: z.boolean(),
  /** Absolute start (ISO 8601); null or past means play at once. */
  playAt: z.string().nullable(),
  /** Set when the dispatch is addressed to one device of the store (only that device's stream gets it). */
  deviceId: z.string().nullable(),
  pendingAt: z.string(),
});

export const AnnouncementRevokedEventSchema = z.object({
  dispatchId: z.string(),
  announcementId: z.string(),
  deviceId: z.string().nullable(),
  revokedAt: z.string(),
});

export const StreamEndedEventSchema = z.object({
  /** STORE_*: every stream of the store ends; DEVICE_REVOKED: only the streams opened for that device. */
  reason: z.enum(STREAM_END_REASONS),
  /** When this server ended the stream (ISO 8601). */
  endedAt: z.string(),
});

export type ConnectedEvent = z.output<typeof ConnectedEventSchema>;
export type AnnouncementEvent = z.output<typeof AnnouncementEventSchema>;
export type AnnouncementRevokedEvent = z.output<typeof AnnouncementRevokedEventSchema>;
export type StreamEndedEvent = z.output<typeof StreamEndedEventSchema>;
export type StreamEndReason = StreamEndedEvent['reason'];

/** What a player sees of dispatch.dispatch.pending (tenant ids stay on the server side). */
export const announcementEvent = (data: DomainEventMap['dispatch.dispatch.pending']): AnnouncementEvent => ({
  dispatchId: data.dispatchId,
  announcementId: data.announcementId,
  title: data.title,
  audioUrl: data.audioUrl,
  durationSeconds: data.durationSeconds,
  isEmergency: data.isEmergency,
  playAt: data.playAt,
  deviceId: data.deviceId,
  pendingAt: data.pendingAt,
});

export const revokedEvent = (data: DomainEventMap['dispatch.dispatch.revoked']): AnnouncementRevokedEvent => ({
  dispatchId: data.dispatchId,
  announcementId: data.announcementId,
  deviceId: data.deviceId,
  revokedAt: data.revokedAt,
});
