// The playback log export (CSV): columns, cell values and formula-injection safety. A spreadsheet
// app evaluates a cell that starts with = + - @ (or a tab / carriage return before one of them)
// as a formula; such text cells get a leading apostrophe, which spreadsheets show as plain text.

export const EXPORT_ROW_LIMIT = 50_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that a spreadsheet app will not evaluate. */
export const safeCell = (value: string | null | undefined): string => {
  if (value === null || value === undefined) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
};

/** The export's header row. */
export const EXPORT_COLUMNS = [
  'startedAt',
  'startedAtKst',
  'storeId',
  'storeName',
  'deviceId',
  'musicId',
  'musicTitle',
  'musicSource',
  'isTrust',
  'libraryId',
  'playedMs',
  'cacheHit',
] as const;

export interface ExportedLog {
  startedAt: Date;
  storeId: string;
  storeName: string | null;
  deviceId: string | null;
  musicId: string;
  musicTitle: string;
  musicSource: string;
  isTrust: boolean;
  libraryId: string | null;
  playedMs: number;
  cacheHit: boolean | null;
}

/** 2026-03-02 18:00:00 for 2026-03-02T09:00:00Z: the KST wall clock, as people read it. */
export const kstWallClock = (at: Date): string => new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** One CSV record in EXPORT_COLUMNS order; every free text goes through safeCell. */
export const exportRecord = (log: ExportedLog): Array<string | number> => [
  log.startedAt.toISOString(),
  kstWallClock(log.startedAt),
  log.storeId,
  safeCell(log.storeName),
  log.deviceId ?? '',
  log.musicId,
  safeCell(log.musicTitle),
  log.musicSource,
  log.isTrust ? 'true' : 'false',
  log.libraryId ?? '',
  log.playedMs,
  log.cacheHit === null ? '' : String(log.cacheHit),
];
