// The whole system (test/e2e/system.ts: every service and the gateway in this process, real
// servers), a throwaway S3 (s3rver) and Chromium, for browser tests of the web clients the gateway
// serves from web/dist.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { type RunningSystem, startSystem, type SystemOptions } from '../e2e/system';
import { closeBrowser, launchBrowser } from './browser';

const ROOT = path.resolve(__dirname, '..', '..');

export interface BrowserSystem {
  system: RunningSystem;
  s3: TestS3;
  browser: Browser;
  /** The gateway's URL: the baseURL for newPage(). */
  baseURL: string;
  /** Closes the browser, then the system, then S3; never throws. */
  stop(): Promise<void>;
}

export interface BrowserSystemOptions extends SystemOptions {
  /** Fail unless web/dist (or WEB_DIST_DIR) holds a build of the web clients; default true. */
  requireWebBuild?: boolean;
}

/**
 * Chromium first (a missing browser fails in a second, before the system starts), then S3, then
 * the system with S3's variables and the gateway's /media proxy pointed at the bucket
 * (MEDIA_S3_ENDPOINT / MEDIA_S3_BUCKET) under options.env. Whatever started is stopped again when
 * a later part fails.
 */
export const startBrowserSystem = async (options: BrowserSystemOptions = {}): Promise<BrowserSystem> => {
  const { requireWebBuild = true, ...systemOptions } = options;
  // WEB_DIST_DIR in the test's environment lets one engineer test a build of their own while
  // another rebuilds web/dist.
  const webDist = options.env?.WEB_DIST_DIR ?? process.env.WEB_DIST_DIR ?? path.join(ROOT, 'web', 'dist');
  if (requireWebBuild && !fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`the web clients are not built (${path.relative(ROOT, webDist) || webDist}/index.html missing): run npm run build -w web (npm test builds it)`);
  }
  const browser = await launchBrowser();
  let s3: TestS3 | undefined;
  try {
    s3 = await startTestS3();
    const env = { ...s3.env, MEDIA_S3_ENDPOINT: s3.endpoint, MEDIA_S3_BUCKET: s3.bucket, WEB_DIST_DIR: webDist, ...systemOptions.env };
    const system = await startSystem({ ...systemOptions, env });
    const started = s3;
    return {
      system,
      s3: started,
      browser,
      baseURL: system.gatewayUrl,
      async stop() {
        await closeBrowser(browser);
        await system.stop().catch(() => undefined);
        await started.close().catch(() => undefined);
      },
    };
  } catch (err) {
    await closeBrowser(browser);
    await s3?.close().catch(() => undefined);
    throw err;
  }
};
