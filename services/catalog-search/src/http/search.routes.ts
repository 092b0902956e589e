import express, { type RequestHandler, type Router } from 'express';
import { badRequest, legacyErrorHandler, parseInput, readUpload, type Logger, type ServiceApi } from '@storecast/service-kit';
import { searchByImage, searchByText, searchSimilar } from '../app/search.use-case';
import type { CatalogContext } from '../app/ports';
import {
  ImageSearchFields,
  ImageSearchForm,
  ImageSearchResponse,
  imageTooLargeMessage,
  SEARCH_MESSAGES,
  searchInvalidMessage,
  SimilarSearchRequest,
  SimilarSearchResponse,
  TextSearchRequest,
  TextSearchResponse,
  toSearchHit,
} from './search.schemas';

const tags = ['Search (spec 01)'];
const legacyErrors = { invalidMessage: searchInvalidMessage };
const AUTH_NOTE =
  'Called through the gateway with `X-API-Key: <API key>` (400 Undefined/Malformed/Expired API Key there; usage recorded per key and endpoint). Errors: `{ message, error: "Bad Request", statusCode }`.';
const BASE_400 = [SEARCH_MESSAGES.body, SEARCH_MESSAGES.limit, SEARCH_MESSAGES.invalid];

/**
 * JSON bodies of the search API parsed before the app's parser, so a body that is not JSON
 * answers in the legacy shape too (400 "The body must be a JSON object.", 413 over 1 MB).
 */
export const searchJsonBody = (logger: Logger): RequestHandler => {
  const json = express.json({ limit: '1mb' });
  const legacy = legacyErrorHandler({ logger, production: true });
  return (req, res, next) => {
    if (!req.path.startsWith('/api/music/search/')) return next();
    json(req, res, (err?: unknown) => {
      if (!err) return next();
      const parseFailed = (err as { type?: string }).type === 'entity.parse.failed';
      legacy(parseFailed ? badRequest('INVALID_JSON', SEARCH_MESSAGES.body) : err, req, res, next);
    });
  };
};

export const searchRoutes = (api: ServiceApi, router: Router, ctx: Pick<CatalogContext, 'db' | 'pool' | 'images'>, options: { sourceBaseUrl: string; imageMaxBytes: number }) => {
  api.define(router, {
    method: 'post',
    path: '/api/music/search/text',
    operationId: 'searchMusicByText',
    summary: 'Tracks ranked by a natural-language description (Korean or English)',
    description: `${AUTH_NOTE} Lexicon (moods, genres, situations, negations) + PostgreSQL full text and trigrams over titles and tag values; one score in 0..1 with the matched terms (README § Search).`,
    tags,
    auth: 'public',
    body: TextSearchRequest,
    legacyErrors,
    response: { status: 200, description: 'Ranked tracks, best first', schema: TextSearchResponse },
    errors: { 400: [SEARCH_MESSAGES.queryText, ...BASE_400], 500: [SEARCH_MESSAGES.unknown] },
    handler: async ({ body }) => {
      const found = await searchByText(ctx, body.query_text, body.limit);
      return { results: found.results.map((h) => toSearchHit(h, options.sourceBaseUrl)), total: found.total, interpretation: found.interpretation };
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/music/search/image',
    operationId: 'searchMusicByImage',
    summary: 'Tracks ranked by the moods of an image (colour features)',
    description: `${AUTH_NOTE} multipart/form-data: part \`image\` (JPEG, PNG or WebP by signature, at most ${options.imageMaxBytes} bytes and 40 megapixels), optional field \`limit\`. Brightness, saturation, warmth and contrast map to mood scores by the README table; tracks rank by mood overlap.`,
    tags,
    auth: 'public',
    requestContent: { contentType: 'multipart/form-data', schema: ImageSearchForm },
    before: [
      readUpload({
        field: 'image',
        maxBytes: options.imageMaxBytes,
        tooLarge: () => badRequest('IMAGE_TOO_LARGE', imageTooLargeMessage(options.imageMaxBytes)),
        invalid: () => badRequest('IMAGE_REQUIRED', SEARCH_MESSAGES.image),
      }),
    ],
    legacyErrors,
    response: { status: 200, description: 'Image features, mood scores and ranked tracks', schema: ImageSearchResponse },
    errors: { 400: [SEARCH_MESSAGES.image, SEARCH_MESSAGES.imageInvalid, imageTooLargeMessage(options.imageMaxBytes), SEARCH_MESSAGES.limit], 500: [SEARCH_MESSAGES.unknown] },
    handler: async ({ req }) => {
      const file = req.upload?.file;
      if (!file || file.size === 0) throw badRequest('IMAGE_REQUIRED', SEARCH_MESSAGES.image);
      const fields = parseInput(ImageSearchFields, req.upload?.fields ?? {});
      const found = await searchByImage(ctx, file.buffer, fields.limit);
      return { results: found.results.map((h) => toSearchHit(h, options.sourceBaseUrl)), total: found.total, features: found.features, moods: found.moods };
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/music/search/similar',
    operationId: 'searchSimilarMusic',
    summary: 'Tracks ranked by similarity to a track (genre, mood overlap, duration)',
    description: `${AUTH_NOTE} similarity = 0.40·genre (1 same, 0.5 same family) + 0.45·Jaccard(moods) + 0.15·exp(−|Δduration|/60 s); the seed is excluded. Unknown, deleted or untagged seed: 404.`,
    tags,
    auth: 'public',
    body: SimilarSearchRequest,
    legacyErrors,
    response: { status: 200, description: 'Ranked tracks, most similar first', schema: SimilarSearchResponse },
    errors: { 400: [SEARCH_MESSAGES.musicId, ...BASE_400], 404: [SEARCH_MESSAGES.notFound], 500: [SEARCH_MESSAGES.unknown] },
    handler: async ({ body }) => {
      const found = await searchSimilar(ctx, body.music_id, body.limit);
      return { results: found.results.map((h) => toSearchHit(h, options.sourceBaseUrl)), total: found.total };
    },
  });
};
