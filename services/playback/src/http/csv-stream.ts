import type { Response } from 'express';
import { stringify } from 'csv-stringify';
import type { NamedLog } from '../app/playback-logs.use-case';
import { EXPORT_COLUMNS, exportRecord } from '../domain/csv-export';

/**
 * Streams an export as CSV: UTF-8 with a BOM (spreadsheet apps then read Korean text right), a
 * header row, one record per log (formula-safe cells), written batch by batch with backpressure;
 * a client that goes away stops the reading.
 */
export const streamLogsCsv = async (
  res: Response,
  meta: { filename: string; matched: number; exported: number },
  batches: AsyncGenerator<NamedLog[]>,
): Promise<void> => {
  res.status(200);
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${meta.filename}"`);
  res.setHeader('x-total-count', String(meta.matched));
  res.setHeader('x-exported-count', String(meta.exported));
  res.setHeader('x-export-truncated', String(meta.matched > meta.exported));
  const csv = stringify({ bom: true, header: true, columns: [...EXPORT_COLUMNS], record_delimiter: '\r\n' });
  csv.pipe(res);
  let closed = false;
  const gone = new Promise<void>((resolve) =>
    res.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  // Resolves when the stringifier can take more, or when the client has gone.
  const drained = () => Promise.race([new Promise<void>((resolve) => csv.once('drain', resolve)), gone]);
  try {
    for await (const rows of batches) {
      for (const row of rows) {
        if (closed) return;
        if (!csv.write(exportRecord(row))) await drained();
      }
    }
    csv.end();
  } catch (err) {
    // Headers are sent: a failure half-way (database, organization) can only cut the download.
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  } finally {
    if (closed) await batches.return(undefined);
  }
};
