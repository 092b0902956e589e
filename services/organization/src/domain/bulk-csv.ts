/**
 * Bulk store CSV (spec 03 § HQ view of stores): the header is exactly these five Korean column
 * names, in this order — the template served at GET /api/v1/hq/stores/bulk/template.
 */
export const BULK_CSV_HEADER = ['매장명', '주소', '점주명', '점주 이메일', '점주 연락처'] as const;
export const BULK_MAX_ROWS = 1000;

/** The template file: UTF-8 with a BOM (so spreadsheet programs open the Korean names right). */
export const bulkTemplateCsv = (): string => `\uFEFF${BULK_CSV_HEADER.join(',')}\r\n`;

export const headerMatches = (cells: readonly string[]): boolean =>
  cells.length === BULK_CSV_HEADER.length && BULK_CSV_HEADER.every((name, i) => (cells[i] ?? '').trim() === name);

/** A data record as CreateHqStoreRequest keys (empty cells become null). */
export interface BulkRowInput {
  name: string | null;
  address: string | null;
  managerName: string | null;
  managerEmail: string | null;
  managerPhone: string | null;
}

const cell = (v: string | undefined): string | null => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

export const rowToInput = (cells: readonly string[]): BulkRowInput => ({
  name: cell(cells[0]),
  address: cell(cells[1]),
  managerName: cell(cells[2]),
  managerEmail: cell(cells[3]),
  managerPhone: cell(cells[4]),
});

/** Spreadsheet exports often end with ",,,," lines: records whose cells are all blank are skipped. */
export const isBlankRecord = (cells: readonly string[]): boolean => cells.every((c) => c.trim() === '');
