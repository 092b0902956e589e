import type { StoreField } from './store-fields';

/** The template's column of each store field (the CSV header, in Korean in every language). */
export const BULK_COLUMNS: Record<StoreField, string> = { name: '매장명', address: '주소', managerName: '점주명', managerEmail: '점주 이메일', managerPhone: '점주 연락처' };

export interface BulkRowProblem {
  /** The error code of the row (HQ_STORE_INVALID_FIELD, DUPLICATE_EMAIL, ...). */
  code: string;
  /** The fields the server named in its message, in the template's column order. */
  fields: StoreField[];
  /** The row has not the template's five columns. */
  wrongColumnCount: boolean;
}

const FIELD_ORDER = Object.keys(BULK_COLUMNS) as StoreField[];

/**
 * What went wrong in a FAILED row, for the page to say in the person's words: the code, and for
 * an invalid field which columns (the server's message names them as "field: reason; ...").
 */
export const bulkRowProblem = (row: { status: 'SUCCESS' | 'FAILED'; errorCode: string | null; errorMessage: string | null }): BulkRowProblem | null => {
  if (row.status !== 'FAILED') return null;
  const message = row.errorMessage ?? '';
  const named = new Set<string>();
  for (const match of message.matchAll(/(?:^|;\s*)([A-Za-z]+)(?:\.[^:;]*)?:/g)) named.add(match[1]!);
  return {
    code: row.errorCode ?? 'UNKNOWN_ERROR',
    fields: FIELD_ORDER.filter((f) => named.has(f)),
    wrongColumnCount: /^Expected \d+ columns/.test(message),
  };
};
