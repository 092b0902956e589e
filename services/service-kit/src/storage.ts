import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { setNewest } from './bounded-map';

/** Variables of a service that keeps files (audio, covers, attachments) in S3-compatible storage. */
export const storageEnv = {
  S3_ENDPOINT: z.url().default('http://127.0.0.1:9000'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).default('storecast'),
  S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  /** Path-style URLs (http://host/bucket/key): what MinIO and s3rver expect. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(true),
  /** Lifetime of presigned download URLs: long enough to start playing, short enough not to be shared. */
  S3_PRESIGN_TTL_SECONDS: z.coerce.number().int().min(10).max(7 * 24 * 3600).default(900),
  /**
   * Where clients fetch presigned downloads, when that is not S3_ENDPOINT (an address only this
   * machine reaches): a public S3 or CDN endpoint, or the gateway's media proxy
   * (`http://localhost:8080/media`); it may carry a path prefix. Presigned URLs are signed for it;
   * every other operation still goes to S3_ENDPOINT. Unset or empty: URLs are signed for S3_ENDPOINT.
   */
  S3_PUBLIC_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
};

export interface StorageConfig {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PRESIGN_TTL_SECONDS: number;
  S3_PUBLIC_ENDPOINT?: string;
}

/** Files of a service, by key. An adapter, so use cases and tests never see the SDK. */
export interface ObjectStorage {
  put(key: string, body: Buffer | Readable, contentType: string, contentLength?: number): Promise<void>;
  /** The whole object (tests, small files); undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  /**
   * Deletes every key once (duplicates dropped) through `delete`, DELETES_AT_ONCE at a time;
   * idempotent like it. Rejects with the first failure (no new delete starts after it); answers how many
   * distinct keys were deleted.
   */
  deleteMany(keys: Iterable<string>): Promise<number>;
  /** A presigned GET URL valid for the configured lifetime (or `expiresInSeconds`). */
  presignGet(key: string, options?: { expiresInSeconds?: number; downloadName?: string; contentType?: string }): Promise<string>;
  /** Creates the bucket when it does not exist (local and test servers; production buckets are provisioned). */
  ensureBucket(): Promise<void>;
  close(): void;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Object deletes in flight at once in deleteMany: a tenant purge may delete thousands, each a round trip. */
const DELETES_AT_ONCE = 8;

/** Recently signed URLs kept for reuse (oldest dropped first). */
const PRESIGNED_URLS_KEPT = 1000;

export const createS3Storage = (config: StorageConfig): ObjectStorage => {
  const clientFor = (endpoint: string) =>
    new S3Client({
      endpoint,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
      // S3-compatible servers reject the SDK's default checksums on presigned URLs (DEPENDENCIES.md).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(config.S3_ENDPOINT);
  // Presigning makes no request: this client only signs URLs for the public endpoint. The SDK keeps
  // a custom endpoint's path prefix in front of /bucket/key (path style) and signs that path (tested).
  const signer = config.S3_PUBLIC_ENDPOINT ? clientFor(config.S3_PUBLIC_ENDPOINT) : client;
  const Bucket = config.S3_BUCKET;
  // Signing costs about a millisecond of CPU (the SDK builds its middleware stack per URL) and a
  // dispatch "now" signs on the headline path: the same request for the same object within a tenth
  // of the lifetime gets the URL signed then (it keeps at least 90 % of its lifetime).
  const signed = new Map<string, { url: string; reuseUntil: number }>();
  const storage: ObjectStorage = {
    async put(key, body, contentType, contentLength) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: contentLength }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deleteMany(keys) {
      const pending = [...new Set(keys)];
      const total = pending.length;
      let failed = false;
      const worker = async () => {
        for (let key = pending.pop(); key !== undefined && !failed; key = pending.pop()) {
          await storage.delete(key).catch((err: unknown) => {
            failed = true;
            throw err;
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(DELETES_AT_ONCE, total) }, worker));
      return total;
    },
    async presignGet(key, options = {}) {
      const expiresIn = options.expiresInSeconds ?? config.S3_PRESIGN_TTL_SECONDS;
      const request = `${key}\n${options.contentType ?? ''}\n${options.downloadName ?? ''}\n${expiresIn}`;
      const now = Date.now();
      const reused = signed.get(request);
      if (reused && reused.reuseUntil > now) return reused.url;
      const url = await getSignedUrl(
        signer,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: options.contentType,
          ResponseContentDisposition: options.downloadName ? `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}` : undefined,
        }),
        { expiresIn },
      );
      setNewest(signed, request, { url, reuseUntil: now + expiresIn * 100 }, PRESIGNED_URLS_KEPT);
      return url;
    },
    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch {
        await client.send(new CreateBucketCommand({ Bucket })).catch((err: { name?: string }) => {
          if (err.name !== 'BucketAlreadyOwnedByYou' && err.name !== 'BucketAlreadyExists') throw err;
        });
      }
    },
    close: () => {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
  return storage;
};
