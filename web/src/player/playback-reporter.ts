import type { ReportedState, Timers } from './ports';
import type { PlaybackStatus } from './offline-queue';

/** The part of the offline queue the reporter uses: reports go through it with the waiting logs. */
export interface ReportSink {
  setStatusProvider(status: () => PlaybackStatus): void;
  requestReport(): void;
}

export interface PlaybackReporterOptions {
  queue: ReportSink;
  timers: Timers;
  /** The idle status signal of spec 03 § Limits: 5 minutes. */
  idleMs?: number;
}

export const IDLE_SIGNAL_MS = 5 * 60_000;

/**
 * Tells the server what the store hears (PLAYING / PAUSED / SILENT, never OFFLINE: the server
 * derives that from silence): at once on every change, and every 5 minutes when nothing changed so
 * HQ does not see the store go OFFLINE. The reports themselves are sent by the offline queue, which
 * puts the logs waiting there (≤ 200 per call) into them, so every log is sent once and in order and
 * a status report is never a second, log-less path to the same endpoint racing the queue.
 */
export class PlaybackReporter {
  private state: ReportedState = 'SILENT';
  private currentMusicId: string | null = null;
  private idleTimer: unknown = null;
  private running = false;
  private readonly idleMs: number;

  constructor(private readonly options: PlaybackReporterOptions) {
    this.idleMs = options.idleMs ?? IDLE_SIGNAL_MS;
    options.queue.setStatusProvider(() => this.status());
  }

  /** Reports the current state now and keeps the idle signal going. */
  start(): void {
    this.running = true;
    this.report();
  }

  stop(): void {
    this.running = false;
    this.clearIdle();
  }

  status(): PlaybackStatus {
    return { state: this.state, currentMusicId: this.currentMusicId };
  }

  /** The playing state or track changed: reported at once (nothing when it is the same). */
  update(state: ReportedState, currentMusicId: string | null): void {
    // The type rules OFFLINE out; a stray value from untyped code must not become a 400.
    const safe: ReportedState = state === 'PLAYING' || state === 'PAUSED' ? state : 'SILENT';
    if (safe === this.state && currentMusicId === this.currentMusicId) return;
    this.state = safe;
    this.currentMusicId = currentMusicId;
    if (this.running) this.report();
  }

  /** A report reached the server (any, with or without logs): the idle signal starts over. */
  noteReportSent(): void {
    if (this.running) this.armIdle();
  }

  private report(): void {
    this.armIdle();
    this.options.queue.requestReport();
  }

  private armIdle(): void {
    this.clearIdle();
    this.idleTimer = this.options.timers.setTimeout(() => {
      this.idleTimer = null;
      this.report();
    }, this.idleMs);
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) this.options.timers.clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
