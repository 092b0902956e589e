import { customType } from 'drizzle-orm/pg-core';
import parsePgDate from 'postgres-date';

/**
 * A `timestamp with time zone` column read as a Date, for every instant a service stores. Drizzle's
 * own `timestamp(…, { mode: 'date' })` reads PostgreSQL's text with `new Date(text)`, whose legacy
 * parser takes years 0001–0099 as two-digit years (0004-02-29 03:00 comes back as 2029-04-02, 0050
 * as 1950): an instant a client may send (a play's start, an effective date) would be read back in
 * another century. This one reads the text with node-postgres's own parser (postgres-date), which
 * keeps every year; it writes as Drizzle does (toISOString), and its SQL type is spelled as
 * Drizzle's, so the migrations' snapshots see no change.
 */
export const timestamptz = customType<{ data: Date; driverData: string | Date; config: { precision?: number } }>({
  dataType: (config) => `timestamp${config?.precision === undefined ? '' : ` (${config.precision})`} with time zone`,
  fromDriver: (value) => readInstant(value),
  toDriver: (value) => value.toISOString(),
});

/**
 * An instant PostgreSQL wrote as text (or node-postgres already parsed), read as `timestamptz`
 * columns are: for raw `sql` selections and `db.execute` rows, where no column type applies and
 * `new Date(text)` would move years 0001–0099 by centuries.
 */
export const readInstant = (value: string | Date): Date => {
  if (value instanceof Date) return value;
  const parsed = parsePgDate(value);
  if (!(parsed instanceof Date)) throw new Error(`not a finite timestamp: ${value}`);
  return parsed;
};
