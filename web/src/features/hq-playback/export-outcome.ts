// What the export answer says about its size (services/playback/src/http/csv-stream.ts): the file
// holds at most 50,000 rows (the newest); X-Export-Truncated tells that more matched.

export const EXPORT_ROW_LIMIT = 50_000;

export interface ExportOutcome {
  /** Logs that matched the filters. */
  matched: number | null;
  /** Rows in the file. */
  exported: number | null;
  truncated: boolean;
}

const count = (value: string | null): number | null => (value && /^\d+$/.test(value) ? Number(value) : null);

export const exportOutcome = (headers: Headers): ExportOutcome => {
  const matched = count(headers.get('x-total-count'));
  const exported = count(headers.get('x-exported-count'));
  const flagged = headers.get('x-export-truncated');
  const truncated = flagged !== null ? flagged === 'true' : matched !== null && exported !== null && matched > exported;
  return { matched, exported, truncated };
};

/** Whether a list total already says the file will be cut (shown before the export is asked for). */
export const exceedsExportLimit = (total: number): boolean => total > EXPORT_ROW_LIMIT;
