import { z } from 'zod';
import { parseInput, unaryHandler, uuidSchema } from '@storecast/service-kit';
import type { ApiKeyServiceHandlers } from '@storecast/proto';
import type { IdentityContext } from '../app/context';
import { verifyApiKey } from '../app/api-keys.use-case';
import { MAX_BATCH, recordApiUsage } from '../app/api-usage.use-case';

const RecordApiUsage = z.object({
  batchId: z.string().min(1).max(100),
  records: z
    .array(
      z.object({
        keyId: uuidSchema(),
        endpoint: z.string().min(1).max(200),
        statusCode: z.number().int().min(100).max(599),
        durationMs: z.number().int().min(0).max(3_600_000),
        occurredAt: z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
      }),
    )
    .max(MAX_BATCH),
});

/** ApiKeyService: key verification and usage ingest for the gateway. */
export const apiKeyHandlers = (ctx: IdentityContext): ApiKeyServiceHandlers => ({
  VerifyApiKey: unaryHandler(async (req) => verifyApiKey(ctx, req.apiKey), ctx.logger),
  RecordApiUsage: unaryHandler(async (req) => {
    const input = parseInput(RecordApiUsage, req);
    return recordApiUsage(ctx, input.batchId, input.records);
  }, ctx.logger),
});
