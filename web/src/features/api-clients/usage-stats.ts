/** Per-endpoint usage from identity's per-day, per-key rows (spec 01: calls, success rate, response time). */
export interface UsageRow {
  day: string;
  keyId: string;
  endpoint: string;
  calls: number;
  successCount: number;
  avgResponseMs: number;
  p95ResponseMs: number;
}

export interface EndpointUsage {
  endpoint: string;
  calls: number;
  successCount: number;
  /** 0..1; null without calls. */
  successRate: number | null;
  /** Mean over all calls (each day's mean weighted by its calls). */
  avgResponseMs: number;
  /** The highest daily p95 of the period: a p95 of several days cannot be recomputed from daily values. */
  p95ResponseMs: number;
}

/** The rows summed per endpoint, most called first (ties by name), optionally for one key. */
export const usagePerEndpoint = (rows: readonly UsageRow[], keyId: string | null = null): EndpointUsage[] => {
  const by = new Map<string, { calls: number; successCount: number; msTotal: number; p95: number }>();
  for (const r of rows) {
    if (keyId && r.keyId !== keyId) continue;
    const e = by.get(r.endpoint) ?? { calls: 0, successCount: 0, msTotal: 0, p95: 0 };
    e.calls += r.calls;
    e.successCount += r.successCount;
    e.msTotal += r.avgResponseMs * r.calls;
    e.p95 = Math.max(e.p95, r.p95ResponseMs);
    by.set(r.endpoint, e);
  }
  return [...by.entries()]
    .map(([endpoint, e]) => ({
      endpoint,
      calls: e.calls,
      successCount: e.successCount,
      successRate: e.calls > 0 ? e.successCount / e.calls : null,
      avgResponseMs: e.calls > 0 ? Math.round(e.msTotal / e.calls) : 0,
      p95ResponseMs: Math.round(e.p95),
    }))
    .sort((a, b) => b.calls - a.calls || a.endpoint.localeCompare(b.endpoint));
};

/** Choosable periods: the last N UTC days including today (identity allows at most 366). */
export const USAGE_PERIODS = [7, 30, 90] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The from/to (YYYY-MM-DD, UTC) of the last `days` days ending today. */
export const periodWindow = (days: number, now: Date): { from: string; to: string } => {
  const to = day(now);
  const from = day(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000));
  return { from, to };
};

/** A success rate as the page writes it: "100%", "66.7%", "—" without calls. */
export const formatRate = (rate: number | null): string => {
  if (rate === null) return '—';
  const pct = Math.round(rate * 1000) / 10;
  return `${Number.isInteger(pct) ? pct.toFixed(0) : pct.toFixed(1)}%`;
};
