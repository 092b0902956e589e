import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** S3_* variables for a service's config. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The embedded S3-compatible server (s3rver, as `npm start` runs it) on an ephemeral port with a
 * fresh directory and bucket, for one test file. It does not check signatures: never rely on it to
 * test the authorization of presigned URLs.
 */
export const startTestS3 = async (bucket = 'storecast-test'): Promise<TestS3> => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'storecast-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
};
