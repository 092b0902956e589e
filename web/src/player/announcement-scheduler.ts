import type { DeliveredAnnouncement } from './announcement-delivery';
import type { AckOutcome, AckRequest, Ducking, Mixer, SignalSource, Timers } from './ports';
import type { ServerClock } from './server-clock';

export type AnnouncementStatus = 'SCHEDULED' | 'PLAYING' | 'PLAYED' | 'FAILED' | 'SKIPPED' | 'STOPPED';

/** One announcement as the player page lists it. Times are server time (ISO). */
export interface RecentAnnouncement {
  dispatchId: string;
  title: string;
  isEmergency: boolean;
  signalSource: SignalSource;
  receivedAt: string;
  playAt: string | null;
  status: AnnouncementStatus;
  startedAt: string | null;
  endedAt: string | null;
  failures: number;
}

/** Where acks go (the offline queue). */
export interface AckSink {
  enqueueAck(dispatchId: string, body: AckRequest): Promise<void>;
}

export interface AnnouncementSchedulerOptions {
  mixer: Mixer;
  clock: ServerClock;
  timers: Timers;
  outbox: AckSink;
  deviceId: string | null;
  /** The queue's ducking until setDucking is called. */
  ducking?: Ducking;
  /** Start-up backlog threshold (see BACKLOG_MS). */
  backlogMs?: number;
  onChange?: (recent: RecentAnnouncement[]) => void;
  /** A FAILED dispatch may be delivered again (delivery.release): the server redelivers it. */
  onRetryAllowed?: (dispatchId: string) => void;
}

/**
 * Start-up backlog threshold: an item of the first pending list whose playAt is more than 60 s in
 * the past is acked SKIPPED. 60 s is the longest polling interval, so anything later than that was
 * due before this player could have been listening; announcements are about the moment ("we close
 * in ten minutes"), and a player that boots after a power cut must not fire a burst of stale ones
 * (the server would expire them 10 minutes after due anyway). Items of the first list without
 * playAt count as backlog too: their due time is unknown and may be up to 10 minutes old.
 * Emergencies always play (spec 03: not discarded by the start-up backlog drain).
 */
export const BACKLOG_MS = 60_000;
/** A FAILED item may play again after this long (the server keeps it PENDING below 3 failures). */
export const RETRY_AFTER_MS = 10_000;
export const MAX_FAILURES = 3;
const RECENT_LIMIT = 20;

const DEFAULT_DUCKING: Ducking = { enabled: true, volumePercent: 20, fadeMs: 400 };

interface Entry {
  item: DeliveredAnnouncement;
  seq: number;
  record: RecentAnnouncement;
}

/**
 * Plays delivered announcements at their playAt over the music, one at a time, and acks each
 * outcome through the offline queue.
 */
export class AnnouncementScheduler {
  private readonly queue: Entry[] = [];
  private current: Entry | null = null;
  private readonly records = new Map<string, RecentAnnouncement>();
  private readonly revoked = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly retryTimers = new Map<string, unknown>();
  private timer: unknown = null;
  private seq = 0;
  private stopped = false;
  private ducking: Ducking;
  private readonly backlogMs: number;

  constructor(private readonly options: AnnouncementSchedulerOptions) {
    this.ducking = options.ducking ?? DEFAULT_DUCKING;
    this.backlogMs = options.backlogMs ?? BACKLOG_MS;
  }

  /** The ducking of the queue (effective duckEnabled / duckVolumePercent / duckFadeMs). */
  setDucking(ducking: Ducking): void {
    this.ducking = ducking;
  }

  deliver(items: DeliveredAnnouncement[]): void {
    if (this.stopped) return;
    const now = this.options.timers.now();
    for (const item of items) {
      const id = item.dispatchId;
      if (this.revoked.has(id) || this.current?.item.dispatchId === id || this.queue.some((e) => e.item.dispatchId === id)) continue;
      const record = this.record(item);
      if (this.isBacklog(item, now)) {
        record.status = 'SKIPPED';
        record.endedAt = this.options.clock.toServerIso(now);
        this.ack(item, 'SKIPPED', null);
        continue;
      }
      record.status = 'SCHEDULED';
      this.queue.push({ item, seq: this.seq++, record });
    }
    this.changed();
    this.pump();
  }

  /** Remote stop: the playing one stops at once, a queued one is dropped; no ack (already CANCELED). */
  revoke(dispatchIds: string[]): void {
    let changed = false;
    for (const id of dispatchIds) {
      this.revoked.add(id);
      this.clearRetry(id);
      const index = this.queue.findIndex((e) => e.item.dispatchId === id);
      if (index >= 0) {
        const [entry] = this.queue.splice(index, 1);
        if (entry) this.finish(entry.record, 'STOPPED');
        changed = true;
      }
      if (this.current?.item.dispatchId === id) this.options.mixer.stopOverlay(id);
    }
    if (changed) {
      this.changed();
      this.pump();
    }
  }

  /** The last 20 announcements, newest first. */
  recent(): RecentAnnouncement[] {
    return [...this.records.values()].reverse().map((r) => ({ ...r }));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
    for (const id of [...this.retryTimers.keys()]) this.clearRetry(id);
    this.queue.length = 0;
    if (this.current) this.options.mixer.stopOverlay(this.current.item.dispatchId);
  }

  private isBacklog(item: DeliveredAnnouncement, now: number): boolean {
    if (!item.fromFirstList || item.isEmergency) return false;
    if (item.playAt == null) return true;
    const due = this.options.clock.toDeviceTime(item.playAt);
    return Number.isNaN(due) || due < now - this.backlogMs;
  }

  /** Device time the entry is due; computed each time, the clock's offset keeps narrowing. */
  private dueOf(entry: Entry): number {
    if (entry.item.playAt == null) return entry.item.receivedAtMs;
    const due = this.options.clock.toDeviceTime(entry.item.playAt);
    return Number.isNaN(due) ? entry.item.receivedAtMs : due;
  }

  private pump(): void {
    if (this.stopped || this.current) return;
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const now = this.options.timers.now();
    const due = this.queue.filter((e) => this.dueOf(e) <= now);
    if (due.length === 0) {
      const next = Math.min(...this.queue.map((e) => this.dueOf(e)));
      this.timer = this.options.timers.setTimeout(() => {
        this.timer = null;
        this.pump();
      }, next - now);
      return;
    }
    // Emergencies first among those due, then in due order, then as they came.
    due.sort((a, b) => Number(b.item.isEmergency) - Number(a.item.isEmergency) || this.dueOf(a) - this.dueOf(b) || a.seq - b.seq);
    const entry = due[0]!;
    this.queue.splice(this.queue.indexOf(entry), 1);
    this.play(entry);
  }

  private play(entry: Entry): void {
    const { item, record } = entry;
    const { clock, timers, mixer } = this.options;
    this.current = entry;
    record.status = 'PLAYING';
    const calledAt = timers.now();
    this.changed();
    mixer
      .playOverlay({ id: item.dispatchId, audioUrl: item.audioUrl }, this.ducking, (startedAtMs) => {
        // Server time like receivedAt, so the server's latency and start figures line up.
        record.startedAt = clock.toServerIso(startedAtMs);
        this.changed();
      })
      .then(
        (result) => {
          if (result === 'stopped' || this.revoked.has(item.dispatchId)) {
            // Stopped remotely (or by the page's teardown): nothing to ack.
            this.finish(record, 'STOPPED');
            return;
          }
          record.startedAt ??= clock.toServerIso(calledAt);
          this.finish(record, 'PLAYED');
          this.ack(item, 'PLAYED', record.startedAt);
        },
        (error: unknown) => {
          if (this.revoked.has(item.dispatchId)) {
            this.finish(record, 'STOPPED');
            return;
          }
          console.warn('announcement could not be played', item.dispatchId, error);
          const failures = (this.failures.get(item.dispatchId) ?? 0) + 1;
          this.failures.set(item.dispatchId, failures);
          record.failures = failures;
          this.finish(record, 'FAILED');
          this.ack(item, 'FAILED', null);
          if (failures < MAX_FAILURES && !this.stopped) this.allowRetry(item.dispatchId);
        },
      )
      .finally(() => {
        this.current = null;
        this.changed();
        this.pump();
      });
  }

  /** After 10 s the delivery may hand the dispatch over again if the server still lists it. */
  private allowRetry(dispatchId: string): void {
    this.retryTimers.set(
      dispatchId,
      this.options.timers.setTimeout(() => {
        this.retryTimers.delete(dispatchId);
        this.options.onRetryAllowed?.(dispatchId);
      }, RETRY_AFTER_MS),
    );
  }

  private clearRetry(dispatchId: string): void {
    const handle = this.retryTimers.get(dispatchId);
    if (handle !== undefined) this.options.timers.clearTimeout(handle);
    this.retryTimers.delete(dispatchId);
  }

  private ack(item: DeliveredAnnouncement, outcome: AckOutcome, startedAt: string | null): void {
    const body: AckRequest = {
      outcome,
      deviceId: this.options.deviceId,
      signalSource: item.signalSource,
      receivedAt: item.receivedAt,
      startedAt,
    };
    this.options.outbox.enqueueAck(item.dispatchId, body).catch((error: unknown) => {
      console.warn('announcement ack could not be stored', item.dispatchId, error);
    });
  }

  private record(item: DeliveredAnnouncement): RecentAnnouncement {
    const existing = this.records.get(item.dispatchId);
    if (existing) {
      // Redelivered after FAILED: same row, the new try's times.
      existing.startedAt = null;
      existing.endedAt = null;
      return existing;
    }
    const record: RecentAnnouncement = {
      dispatchId: item.dispatchId,
      title: item.title,
      isEmergency: item.isEmergency,
      signalSource: item.signalSource,
      receivedAt: item.receivedAt,
      playAt: item.playAt ?? null,
      status: 'SCHEDULED',
      startedAt: null,
      endedAt: null,
      failures: this.failures.get(item.dispatchId) ?? 0,
    };
    this.records.set(item.dispatchId, record);
    while (this.records.size > RECENT_LIMIT) {
      const oldest = this.records.keys().next().value;
      if (oldest === undefined) break;
      this.records.delete(oldest);
    }
    return record;
  }

  private finish(record: RecentAnnouncement, status: AnnouncementStatus): void {
    record.status = status;
    record.endedAt = this.options.clock.toServerIso(this.options.timers.now());
  }

  private changed(): void {
    this.options.onChange?.(this.recent());
  }
}
