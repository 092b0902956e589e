import { Router } from 'express';

export type ReadinessCheck = () => Promise<void>;

/**
 * /healthz answers while the process runs; /readyz only when every dependency answers
 * (database, broker), so an orchestrator stops routing to an instance that lost them.
 */
export const healthRouter = (checks: Record<string, ReadinessCheck>, isShuttingDown: () => boolean = () => false) => {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    const results: Record<string, string> = {};
    let ok = true;
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          results[name] = 'ok';
        } catch (err) {
          ok = false;
          results[name] = (err as Error).message || 'failed';
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
