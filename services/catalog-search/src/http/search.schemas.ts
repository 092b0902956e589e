import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import type { SearchHit } from '../app/search.use-case';
import { toTrack, TrackSchema } from './public-catalog.schemas';

export const SEARCH_LIMIT = { min: 1, max: 50, default: 10 } as const;
export const QUERY_TEXT_MAX = 500;

/** Messages of the search API's 400s (legacy shape, chosen here: spec 01 shows none). */
export const SEARCH_MESSAGES = {
  queryText: `query_text is required: a description of 1 to ${QUERY_TEXT_MAX} characters.`,
  limit: `limit must be an integer from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}.`,
  musicId: 'music_id must be the id (UUID) of a track.',
  body: 'The body must be a JSON object.',
  image: 'image is required: a JPEG, PNG or WebP file in the multipart part "image".',
  imageInvalid: 'The file is not a supported image (JPEG, PNG or WebP).',
  invalid: 'Invalid Parameter Value',
  notFound: 'Requested resource was not found.',
  unknown: 'Unknown error has occurred.',
} as const;

export const imageTooLargeMessage = (maxBytes: number) => `The image is larger than ${maxBytes} bytes.`;

/** A field's message, whatever zod said about it. */
export const searchInvalidMessage = (details: Array<{ field: string; message: string }>): string => {
  const d = details[0]!;
  const field = d.field.split('.')[0];
  if (field === 'query_text') return SEARCH_MESSAGES.queryText;
  if (field === 'limit') return SEARCH_MESSAGES.limit;
  if (field === 'music_id') return SEARCH_MESSAGES.musicId;
  if (field === '(root)' || field === '(body)' || field === '') return SEARCH_MESSAGES.body;
  return SEARCH_MESSAGES.invalid;
};

const limit = z.number().int().min(SEARCH_LIMIT.min).max(SEARCH_LIMIT.max).default(SEARCH_LIMIT.default).openapi({ description: `Tracks wanted, ${SEARCH_LIMIT.min}..${SEARCH_LIMIT.max} (default ${SEARCH_LIMIT.default})` });

export const TextSearchRequest = z
  .object({
    query_text: z.string().trim().min(1).max(QUERY_TEXT_MAX).openapi({ description: 'A natural-language description, Korean or English (required)', example: '잔잔한 카페 음악' }),
    limit,
  })
  .openapi('TextSearchRequest');

export const SimilarSearchRequest = z.object({ music_id: uuidSchema().openapi({ description: 'The seed track (required)' }), limit }).openapi('SimilarSearchRequest');

/** The multipart form of the image search (documented; read by the kit's readUpload). */
export const ImageSearchForm = z
  .object({
    image: z.string().openapi({ type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 1,000,000 bytes and 40 megapixels' }),
    limit: z.string().optional().openapi({ description: `Tracks wanted, ${SEARCH_LIMIT.min}..${SEARCH_LIMIT.max} (default ${SEARCH_LIMIT.default})` }),
  })
  .openapi('ImageSearchForm');
export const ImageSearchFields = z.object({ limit: z.coerce.number().int().min(SEARCH_LIMIT.min).max(SEARCH_LIMIT.max).default(SEARCH_LIMIT.default) });

export const MatchedTermSchema = z
  .object({
    term: z.string().openapi({ description: 'The query words (or image mood, or seed attribute) that matched' }),
    field: z.enum(['genre', 'mood', 'title', 'duration']),
    value: z.string().openapi({ description: 'The tag value or title it matched' }),
    weight: z.number().openapi({ description: 'Its weight in the score (< 0: a negated wish the track carries)' }),
  })
  .openapi('MatchedTerm');

export const SearchHitSchema = z
  .object({ score: z.number().min(-1).max(1), title: z.string(), track: TrackSchema, matched: z.array(MatchedTermSchema) })
  .openapi('SearchHit');

const results = { results: z.array(SearchHitSchema), total: z.number().int().openapi({ description: 'Tracks that scored above 0 (before the limit)' }) };

export const TextSearchResponse = z
  .object({
    ...results,
    interpretation: z.object({
      concepts: z.array(z.object({ concept: z.string(), weight: z.number(), terms: z.array(z.string()) })),
      keywords: z.array(z.string()).openapi({ description: 'Words the lexicon does not know, matched by full text and trigrams' }),
    }),
  })
  .openapi('TextSearchResponse');

export const ImageSearchResponse = z
  .object({
    ...results,
    features: z.object({ brightness: z.number(), saturation: z.number(), warmth: z.number(), contrast: z.number() }),
    moods: z.array(z.object({ mood: z.string(), score: z.number() })).openapi({ description: 'Mood scores of the image (README table), best first' }),
  })
  .openapi('ImageSearchResponse');

export const SimilarSearchResponse = z.object(results).openapi('SimilarSearchResponse');

export const toSearchHit = (hit: SearchHit, sourceBase: string) => ({ score: hit.score, title: hit.title, track: toTrack(hit.track, sourceBase), matched: hit.matched });
