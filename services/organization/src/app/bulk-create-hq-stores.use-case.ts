import { parse } from 'csv-parse/sync';
import { AppError, badRequest, newId } from '@storecast/service-kit';
import { bulkImports, type HqRow } from '../db/schema';
import { BULK_CSV_HEADER, BULK_MAX_ROWS, headerMatches, isBlankRecord, rowToInput } from '../domain/bulk-csv';
import { hqMayProvision } from '../domain/hq-status';
import type { Actor } from './actor';
import type { AppContext } from './context';
import { provisionStore } from './provision-store';
import { createHqStoreSchema, toContact } from './store-input';
import { errors } from './errors';
import { mapLimit } from './map-limit';

/** Rows provisioned at once (identity hashes one password per created account). */
const BULK_ROW_CONCURRENCY = 4;

export interface BulkRowResult {
  rowNumber: number;
  status: 'SUCCESS' | 'FAILED';
  storeId: string | null;
  storeName: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  managerAccountCreated: boolean;
  setupEmailSent: boolean | null;
}

export interface BulkCreateResult {
  totalRows: number;
  successCount: number;
  failureCount: number;
  managerAccountCreatedCount: number;
  setupEmailFailedCount: number;
  results: BulkRowResult[];
}

const invalidFile = (message: string) => badRequest('HQ_STORE_BULK_INVALID_FILE', message);

/**
 * The whole file is checked before any row is processed: UTF-8, RFC 4180 (csv-parse), BOM
 * removed, header exactly the template's five Korean names, 1..1000 data rows.
 * Returns the data records with their 1-based row numbers (header excluded; fully blank records skipped).
 */
export const readBulkCsv = (file: Buffer | undefined): Array<{ rowNumber: number; cells: string[] }> => {
  if (!file || file.length === 0) throw invalidFile('The file is missing or empty');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw invalidFile('The file is not UTF-8 text');
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    throw invalidFile(`The file is not a valid CSV: ${(err as Error).message}`);
  }
  const [header, ...data] = records;
  if (!header || !headerMatches(header)) throw invalidFile(`The header must be exactly: ${BULK_CSV_HEADER.join(',')}`);
  const rows = data.filter((cells) => !isBlankRecord(cells)).map((cells, i) => ({ rowNumber: i + 1, cells }));
  if (rows.length === 0) throw invalidFile('The file has no store rows');
  if (rows.length > BULK_MAX_ROWS) throw invalidFile(`The file has ${rows.length} rows; at most ${BULK_MAX_ROWS} are accepted`);
  return rows;
};

const failed = (rowNumber: number, storeName: string | null, errorCode: string, errorMessage: string): BulkRowResult => ({
  rowNumber,
  status: 'FAILED',
  storeId: null,
  storeName,
  errorCode,
  errorMessage,
  managerAccountCreated: false,
  setupEmailSent: null,
});

/**
 * Bulk HQ store creation: rows are independent (each its own account call and transaction, a
 * failing row affects no other), setup emails go out after all rows, results in input order.
 */
export const bulkCreateHqStores = async (
  ctx: AppContext,
  actor: Actor,
  hq: HqRow,
  file: { buffer: Buffer | undefined; name: string | null },
): Promise<BulkCreateResult> => {
  if (!hqMayProvision(hq.status)) throw errors.hqSuspended();
  const rows = readBulkCsv(file.buffer);

  // Rows are independent (each its own account call and transaction); a few run at once, since
  // identity hashes a password per account. Results keep the input order.
  const results = await mapLimit(rows, BULK_ROW_CONCURRENCY, async ({ rowNumber, cells }): Promise<BulkRowResult & { accountId?: string }> => {
    const input = rowToInput(cells);
    if (cells.length !== BULK_CSV_HEADER.length) {
      return failed(rowNumber, input.name, 'HQ_STORE_INVALID_FIELD', `Expected ${BULK_CSV_HEADER.length} columns, found ${cells.length}`);
    }
    const parsed = createHqStoreSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ');
      return failed(rowNumber, input.name, 'HQ_STORE_INVALID_FIELD', message);
    }
    try {
      const p = await provisionStore(ctx, {
        ...toContact(parsed.data),
        hqId: hq.id,
        type: hq.type === 'INDEPENDENT' ? 'INDEPENDENT' : 'FRANCHISE',
        plan: null,
        billingAnchorDay: null,
        actor,
        auditAction: 'HQ_STORE_CREATED',
        forbidSuspendedHq: true,
      });
      return {
        rowNumber,
        status: 'SUCCESS',
        storeId: p.store.id,
        storeName: p.store.name,
        errorCode: null,
        errorMessage: null,
        managerAccountCreated: p.account !== null,
        setupEmailSent: null,
        accountId: p.account?.accountId,
      };
    } catch (err) {
      if (err instanceof AppError && err.httpStatus < 500) return failed(rowNumber, parsed.data.name, err.code, err.message);
      ctx.logger.error({ err, rowNumber }, 'bulk row failed');
      return failed(rowNumber, parsed.data.name, err instanceof AppError ? err.code : 'INTERNAL_ERROR', 'The row could not be created');
    }
  });

  // Setup emails only after every row is done, in input order.
  for (const row of results) {
    if (row.accountId) row.setupEmailSent = await ctx.accounts.sendSetupEmail(row.accountId);
    delete row.accountId;
  }

  const summary: BulkCreateResult = {
    totalRows: results.length,
    successCount: results.filter((r) => r.status === 'SUCCESS').length,
    failureCount: results.filter((r) => r.status === 'FAILED').length,
    managerAccountCreatedCount: results.filter((r) => r.managerAccountCreated).length,
    setupEmailFailedCount: results.filter((r) => r.setupEmailSent === false).length,
    results,
  };
  try {
    await ctx.db.insert(bulkImports).values({
      id: newId(),
      hqId: hq.id,
      actorAccountId: actor.accountId,
      fileName: file.name,
      totalRows: summary.totalRows,
      successCount: summary.successCount,
      failureCount: summary.failureCount,
      managerAccountCreatedCount: summary.managerAccountCreatedCount,
      setupEmailFailedCount: summary.setupEmailFailedCount,
      results,
      createdAt: ctx.clock.now(),
    });
  } catch (err) {
    // The rows are committed already; losing the summary record must not fail the response.
    ctx.logger.error({ err }, 'bulk import summary not recorded');
  }
  return summary;
};
