import { parse } from 'csv-parse/sync';
import { AppError, badRequest, newId, type Principal } from '@storecast/service-kit';
import type { HqRow } from '../db/schema';
import { recordBulkImport } from '../db/bulk-import.repository';
import { BULK_CSV_HEADER, BULK_MAX_ROWS, headerMatches, isBlankRecord, rowToInput } from '../domain/bulk-csv';
import { hqMayProvision } from '../domain/hq-status';
import type { AppContext } from './context';
import { provisionStore } from './provision-store';
import { createHqStoreSchema } from './store-input';
import { errors } from './errors';
import { mapLimit } from './map-limit';

/** Rows provisioned at once (identity hashes one password per created account). */
const BULK_ROW_CONCURRENCY = 4;

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

type RowOutcome = { storeId: string; managerAccountCreated: boolean } | { errorCode: string; errorMessage: string };

/** One BulkRowResult of the response; setupEmailSent is filled in after all rows. */
const rowResult = (rowNumber: number, storeName: string | null, outcome: RowOutcome) => {
  const ok = 'storeId' in outcome;
  return {
    rowNumber,
    status: ok ? ('SUCCESS' as const) : ('FAILED' as const),
    storeId: ok ? outcome.storeId : null,
    storeName,
    errorCode: ok ? null : outcome.errorCode,
    errorMessage: ok ? null : outcome.errorMessage,
    managerAccountCreated: ok && outcome.managerAccountCreated,
    setupEmailSent: null as boolean | null,
  };
};

const invalidRow = (errorMessage: string): RowOutcome => ({ errorCode: 'HQ_STORE_INVALID_FIELD', errorMessage });

/**
 * Bulk HQ store creation in the caller's HQ (read by the scope check): rows are independent
 * (each its own account call and transaction, a failing row affects no other), setup emails go
 * out after all rows, results in input order (the BulkCreateHqStoreResponse).
 */
export const bulkCreateHqStores = async (ctx: AppContext, actor: Principal, hq: HqRow, file: { buffer: Buffer | undefined; name: string | null }) => {
  if (!hqMayProvision(hq.status)) throw errors.hqSuspended();
  const rows = readBulkCsv(file.buffer);

  /** Validates and provisions one row; the account id is kept for the setup email after all rows. */
  const provisionRow = async ({ rowNumber, cells }: { rowNumber: number; cells: string[] }): Promise<{ result: ReturnType<typeof rowResult>; accountId?: string }> => {
    const input = rowToInput(cells);
    if (cells.length !== BULK_CSV_HEADER.length) {
      return { result: rowResult(rowNumber, input.name, invalidRow(`Expected ${BULK_CSV_HEADER.length} columns, found ${cells.length}`)) };
    }
    const parsed = createHqStoreSchema.safeParse(input);
    if (!parsed.success) {
      return { result: rowResult(rowNumber, input.name, invalidRow(parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; '))) };
    }
    try {
      const { store, account } = await provisionStore(ctx, actor, hq, {
        ...parsed.data,
        type: hq.type === 'INDEPENDENT' ? 'INDEPENDENT' : 'FRANCHISE',
        plan: null,
        billingAnchorDay: null,
        auditAction: 'HQ_STORE_CREATED',
        forbidSuspendedHq: true,
      });
      return { result: rowResult(rowNumber, store.name, { storeId: store.id, managerAccountCreated: account !== null }), accountId: account?.accountId };
    } catch (err) {
      if (err instanceof AppError && err.httpStatus < 500) return { result: rowResult(rowNumber, parsed.data.name, { errorCode: err.code, errorMessage: err.message }) };
      ctx.logger.error({ err, rowNumber }, 'bulk row failed');
      const errorCode = err instanceof AppError ? err.code : 'INTERNAL_ERROR';
      return { result: rowResult(rowNumber, parsed.data.name, { errorCode, errorMessage: 'The row could not be created' }) };
    }
  };
  // A few rows at once (identity hashes a password per account); results keep the input order.
  const outcomes = await mapLimit(rows, BULK_ROW_CONCURRENCY, provisionRow);

  // Setup emails only after every row is done, in input order.
  const results: Array<ReturnType<typeof rowResult>> = [];
  for (const { result, accountId } of outcomes) {
    results.push(accountId ? { ...result, setupEmailSent: await ctx.identity.sendSetupEmail(actor, accountId) } : result);
  }

  const summary = {
    totalRows: results.length,
    successCount: results.filter((r) => r.status === 'SUCCESS').length,
    failureCount: results.filter((r) => r.status === 'FAILED').length,
    managerAccountCreatedCount: results.filter((r) => r.managerAccountCreated).length,
    setupEmailFailedCount: results.filter((r) => r.setupEmailSent === false).length,
    results,
  };
  try {
    await recordBulkImport(ctx.db, { id: newId(), hqId: hq.id, actorAccountId: actor.accountId, fileName: file.name, ...summary, createdAt: ctx.clock.now() });
  } catch (err) {
    // The rows are committed already; losing the summary record must not fail the response.
    ctx.logger.error({ err }, 'bulk import summary not recorded');
  }
  return summary;
};
