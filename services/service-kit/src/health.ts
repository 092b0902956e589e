import { Router } from 'express';
import type { Logger } from 'pino';

export type ReadinessCheck = () => Promise<void>;

/** Longest wait for one readiness check. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * /healthz answers while the process runs; /readyz only when every dependency answers
 * (database, broker), so an orchestrator stops routing to an instance that lost them. The answer
 * names each check with `ok` or `failed` only: why a check failed (host names, user names, driver
 * messages) goes to the log, never to whoever can reach the endpoint.
 */
export const healthRouter = (
  checks: Record<string, ReadinessCheck>,
  isShuttingDown: () => boolean = () => false,
  logger?: Logger,
) => {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    const results: Record<string, 'ok' | 'failed'> = {};
    let ok = true;
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          results[name] = 'ok';
        } catch (err) {
          ok = false;
          results[name] = 'failed';
          logger?.warn({ check: name, err }, 'readiness check failed');
        }
      }),
    );
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: results });
  });
  return router;
};

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
