// Shared by bench/player/*.measure.ts: figures, tables, the machine line, and the page's engine.
import os from 'node:os';
import type { Page } from 'playwright-core';

/** Nearest-rank percentile (p99 of 50 values is the 50th, i.e. the max). */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
};

export const summary = (values: number[]) => ({
  n: values.length,
  min: Math.min(...values),
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: Math.max(...values),
});

export const ms = (v: number): string => (Number.isFinite(v) ? `${Math.round(v)} ms` : '—');
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A plain text table (what the measure prints; copy it into web/README.md § Measured). */
export const table = (title: string, head: string[], rows: Array<Array<string | number>>): string => {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [`\n${title}`, line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line), ''].join('\n');
};

export const machineLine = (): string => {
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  return `${new Date().toISOString()} · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}) · ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB · load average ${load}`;
};

/** Written to stderr at once (jest holds console.log back until the file ends). */
export const say = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types */
/** The player's server-clock estimate (offset = server − device time, ms) and its interval. */
export const playerClock = (page: Page): Promise<{ offsetMs: number; low: number; high: number } | null> =>
  page.evaluate(() => {
    const clock = (globalThis as any).__storecastPlayer?.player?.clock;
    if (!clock) return null;
    const b = clock.bounds();
    return { offsetMs: clock.offsetMs() as number, low: (b?.low ?? Number.NaN) as number, high: (b?.high ?? Number.NaN) as number };
  });
