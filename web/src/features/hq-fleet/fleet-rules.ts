// What the fleet view derives from GET /api/v1/hq/dashboard/playback-status (spec 03 § Store
// delivery: PLAYING, PAUSED, SILENT as reported; OFFLINE when the last signal is stale).

export type FleetState = 'PLAYING' | 'PAUSED' | 'SILENT' | 'OFFLINE';

/** The stat cards' order: what plays first, what needs a look last. */
export const FLEET_STATES = ['PLAYING', 'PAUSED', 'SILENT', 'OFFLINE'] as const satisfies readonly FleetState[];

export const STATE_COLOR: Record<FleetState, string> = { PLAYING: 'green', PAUSED: 'yellow', SILENT: 'gray', OFFLINE: 'red' };

/** The stores the table shows: all, or those in the state of the card that was clicked. */
export const storesInState = <T extends { state: FleetState }>(stores: readonly T[], state: FleetState | null): T[] =>
  state ? stores.filter((s) => s.state === state) : [...stores];

/** One page (0-based) of a list the server sends whole. */
export const pageOf = <T>(items: readonly T[], page: number, size: number): T[] => items.slice(page * size, (page + 1) * size);

/** The last page that still has rows (a filter or a refresh can shrink the list under the pager). */
export const clampPage = (page: number, total: number, size: number): number => Math.max(0, Math.min(page, Math.ceil(total / size) - 1));

/**
 * What a store is playing: its own report's title, else the title of a device that plays. The
 * titles are optional fields of the status (older servers send only ids): null when unknown.
 */
export const nowPlayingOf = (store: {
  currentMusicTitle?: string | null;
  devices: ReadonlyArray<{ state: FleetState; currentMusicTitle?: string | null }>;
}): string | null =>
  store.currentMusicTitle ?? store.devices.find((d) => d.state === 'PLAYING' && d.currentMusicTitle)?.currentMusicTitle ?? null;

/** Whole minutes of the offline threshold, for the hint (600 s → 10). */
export const offlineMinutes = (offlineAfterSeconds: number): number => Math.max(1, Math.round(offlineAfterSeconds / 60));

/**
 * The server's "now" as of `now` in this browser: the status's generatedAt plus the time since it
 * arrived. "Last signal x min ago" is measured on the server's clock, so a browser whose clock is
 * off never shows a signal from the future.
 */
export const serverNow = (generatedAt: string, receivedAt: number, now: number): number => {
  const generated = Date.parse(generatedAt);
  return Number.isNaN(generated) || receivedAt <= 0 ? now : generated + Math.max(0, now - receivedAt);
};
