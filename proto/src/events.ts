/**
 * The catalog of domain events on the RabbitMQ topic exchange: routing key → payload.
 * Routing keys are `<service>.<entity>.<verb>`. Producers write them through the outbox;
 * consumers subscribe with `on<Event>` handlers. Add an entry here before emitting a new event.
 */
export interface DomainEventMap {
  'identity.account.created': { accountId: string; role: string; hqId?: string | null; storeId?: string | null };
  'identity.account.status-changed': { accountId: string; role: string; status: string; previousStatus: string };
  'organization.hq.suspended': { hqId: string; reason: string };
  'organization.hq.reactivated': { hqId: string; status: string };
  'organization.store.created': { storeId: string; hqId: string; name: string; type: string };
  'organization.store.updated': { storeId: string; hqId: string; changed: string[] };
  'organization.store.suspended': { storeId: string; hqId: string; reason: string };
  'organization.store.reactivated': { storeId: string; hqId: string };
  'organization.store.closed': { storeId: string; hqId: string; closedAt: string };
  /**
   * An operator soft-deleted a store, or its HQ (then with reason HQ_DELETED): the store is gone
   * from every read, its devices are revoked (no separate device.revoked events) and its manager
   * accounts are withdrawn via identity. Rows are kept 90 days, then purged (store.purged).
   */
  'organization.store.deleted': { storeId: string; hqId: string; deletedAt: string; reason: 'STORE_DELETED' | 'HQ_DELETED' };
  /** An operator soft-deleted an HQ; every live store of it was deleted with it (one store.deleted each, listed here). */
  'organization.hq.deleted': { hqId: string; deletedAt: string; storeIds: string[] };
  /** Deleted for good (90 days after the soft delete): nothing of it remains in organization; drop what you keep for it. */
  'organization.store.purged': { storeId: string; hqId: string; deletedAt: string };
  'organization.hq.purged': { hqId: string; deletedAt: string };
  'organization.device.registered': { deviceId: string; storeId: string };
  'organization.device.revoked': { deviceId: string; storeId: string };
  'support.ticket.created': TicketEventFacts & { createdByRole: string; priority: string; category: string | null };
  'support.ticket.status-changed': TicketEventFacts & { from: string; to: string; actorRole: string };
  /** kind INTERNAL comments are operator-only: consumers must not surface them to HQs or stores. */
  'support.ticket.commented': TicketEventFacts & { commentId: string; kind: 'REPLY' | 'INTERNAL'; authorRole: string };
  'legal.document.published': { kind: 'TERMS' | 'PRIVACY_POLICY'; version: string; effectiveAt: string };
  // catalog-search: music files (a purged music is gone for good: playback clears its cursors).
  'catalog.music.uploaded': { musicId: string; title: string; musicSource: 'AI' | 'TRUST'; durationSeconds: number };
  'catalog.music.replaced': { musicId: string; title: string };
  'catalog.music.deleted': { musicId: string };
  'catalog.music.purged': { musicId: string };
  // An HQ default, store or device playlist was set or cleared (playlistId null = cleared: the
  // store follows the HQ default, the device follows its store).
  'catalog.playlist-assignment.changed': {
    hqId: string;
    scope: 'HQ_DEFAULT' | 'STORE' | 'DEVICE';
    storeId: string | null;
    deviceId: string | null;
    playlistId: string | null;
    previousPlaylistId: string | null;
  };
  /**
   * A dispatch became PENDING for one store (created for now, its scheduled time came, or a
   * recurring occurrence fell due): everything a player needs to fetch and play it. audioUrl is a
   * presigned GET valid for a limited time; players reload the pending list when it has expired.
   * deviceId set: only that device of the store plays it. hqId null: a store's own broadcast.
   */
  'dispatch.dispatch.pending': {
    dispatchId: string;
    announcementId: string;
    hqId: string | null;
    storeId: string;
    deviceId: string | null;
    title: string;
    audioUrl: string;
    durationSeconds: number | null;
    isEmergency: boolean;
    /** Absolute start time (ISO 8601); null or past means play at once. */
    playAt: string | null;
    pendingAt: string;
  };
  /** HQ stopped a PENDING dispatch remotely (revoke): players of the store stop it at once. */
  'dispatch.dispatch.revoked': { dispatchId: string; announcementId: string; hqId: string | null; storeId: string; deviceId: string | null; revokedAt: string };
  /**
   * A commercial song was deleted for good (its soft-deleted record purged 90 days after the soft
   * delete; not emitted for the soft delete itself). Emitted by announcement-dispatch's purge job and by its HQ purge (organization.hq.purged),
   * once per song; playback clears the round-robin cursors that point at it.
   */
  'dispatch.commercial.purged': { commercialId: string; hqId: string };
  /**
   * A store player (or one of its devices) signalled its state: playback report or idle status
   * signal. Throttled by playback: at most one per store or device per
   * PLAYBACK_SIGNAL_EVENT_INTERVAL_MS (60 s by default) unless the reported state changed.
   * Organization fills the stores' lastOnlineAt / lastHeartbeatAt from it (newest signaledAt wins).
   */
  'playback.store.signal': {
    storeId: string;
    hqId: string;
    /** The valid device that reported, null for a store-level report. */
    deviceId: string | null;
    state: 'PLAYING' | 'PAUSED' | 'SILENT';
    signaledAt: string;
  };
}

/** What every support ticket event carries: the ticket and the tenant it belongs to (null for none). */
export interface TicketEventFacts {
  ticketId: string;
  hqId: string | null;
  storeId: string | null;
}

export type DomainEventType = keyof DomainEventMap;
