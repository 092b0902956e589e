import { listTagOptions } from '../db/tag-option.repository';
import { musicForSearch, rankByMoods, rankByText, rankSimilar, tagsMatchingKeywords, tracksByIds, type TrackRow } from '../db/public-catalog.repository';
import type { TagOptionRow } from '../db/schema';
import { leadingMoods, moodScoresOf, type ColourFeatures } from '../domain/image-moods';
import { CONCEPT_BY_KEY, conceptsOfTagValue, interpretQuery, type QueryConcept } from '../domain/lexicon';
import { familyOf } from '../domain/similarity';
import { resourceNotFound } from './public-catalog.use-case';
import type { CatalogContext } from './ports';

export type MatchField = 'genre' | 'mood' | 'title' | 'duration';

/** Why a track scored: the query term (or image mood, or seed attribute), where it matched, and its weight. */
export interface MatchedTerm {
  term: string;
  field: MatchField;
  value: string;
  weight: number;
}

export interface SearchHit {
  score: number;
  title: string;
  track: TrackRow;
  matched: MatchedTerm[];
}

export interface SearchResult {
  results: SearchHit[];
  total: number;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Tag options with the lexicon concepts their values stand for. */
const conceptTags = async (ctx: Pick<CatalogContext, 'db' | 'pool'>) =>
  (await listTagOptions(ctx.db)).map((tag) => ({ tag, concepts: conceptsOfTagValue(tag.value, tag.type) }));

const fieldOf = (tag: Pick<TagOptionRow, 'type'>): MatchField => (tag.type === 'GENRE' ? 'genre' : 'mood');

const hitsWithTracks = async <H extends { musicId: string }>(ctx: Pick<CatalogContext, 'db' | 'pool'>, hits: H[]) => {
  const ids = hits.map((h) => h.musicId);
  const [tracks, info] = await Promise.all([tracksByIds(ctx.pool, ids), musicForSearch(ctx.pool, ids)]);
  const byId = new Map(tracks.map((t) => [t.id, t]));
  return hits.flatMap((h) => {
    const track = byId.get(h.musicId);
    const music = info.get(h.musicId);
    return track && music ? [{ hit: h, track, title: music.title }] : [];
  });
};

export interface TextSearchResult extends SearchResult {
  interpretation: { concepts: QueryConcept[]; keywords: string[] };
}

/**
 * Natural-language search: the lexicon turns the description into weighted concepts (negated
 * ones negative), which select tag options by their values; leftover keywords are matched by
 * full text and trigrams against tag values and titles. PostgreSQL scores and ranks (search.sql.ts).
 */
export const searchByText = async (ctx: Pick<CatalogContext, 'db' | 'pool'>, queryText: string, limit: number): Promise<TextSearchResult> => {
  const interpretation = interpretQuery(queryText);
  const tags = await conceptTags(ctx);
  const weights = new Map<string, number>();
  const why = new Map<string, MatchedTerm[]>();
  const note = (tag: TagOptionRow, term: string, weight: number) => {
    const current = weights.get(tag.id);
    // Positive weights keep the largest, a negation always wins over them.
    weights.set(tag.id, current === undefined ? weight : weight < 0 || current < 0 ? Math.min(current, weight) : Math.max(current, weight));
    why.set(tag.id, [...(why.get(tag.id) ?? []), { term, field: fieldOf(tag), value: tag.value, weight: round(weight) }]);
  };
  for (const c of interpretation.concepts) {
    for (const { tag, concepts } of tags) if (concepts.includes(c.concept)) note(tag, c.terms.join(', '), c.weight);
  }
  const byKeyword = new Map<string, { weight: number; genre: boolean }>();
  for (const k of await tagsMatchingKeywords(ctx.pool, interpretation.keywords)) {
    const tag = tags.find((t) => t.tag.id === k.id)?.tag;
    if (!tag || (weights.get(tag.id) ?? 0) < 0) continue;
    note(tag, k.keyword, Math.min(1, k.match));
    byKeyword.set(k.keyword, { weight: Math.max(byKeyword.get(k.keyword)?.weight ?? 0, Math.min(1, k.match)), genre: tag.type === 'GENRE' });
  }
  // The best a track can reach: the largest genre weight asked for plus the largest mood weight.
  const kindOf = (concept: string) => CONCEPT_BY_KEY.get(concept)?.kind;
  const positive = interpretation.concepts.filter((c) => c.weight > 0);
  const bestGenre = Math.max(0, ...positive.filter((c) => kindOf(c.concept) === 'GENRE').map((c) => c.weight), ...[...byKeyword.values()].filter((k) => k.genre).map((k) => k.weight));
  const bestMood = Math.max(0, ...positive.filter((c) => kindOf(c.concept) === 'MOOD').map((c) => c.weight), ...[...byKeyword.values()].filter((k) => !k.genre).map((k) => k.weight));
  const tagIds = [...weights.keys()];
  const isGenre = new Map(tags.map((t) => [t.tag.id, t.tag.type === 'GENRE']));
  const tagShare = tagIds.length === 0 ? 0 : interpretation.keywords.length > byKeyword.size ? 0.85 : 1;
  const hits = await rankByText(ctx.pool, {
    tagIds,
    tagWeights: tagIds.map((id) => weights.get(id)!),
    tagIsGenre: tagIds.map((id) => isGenre.get(id) ?? false),
    best: Math.max(bestGenre + bestMood, 1e-9),
    keywords: interpretation.keywords.filter((k) => !byKeyword.has(k) || tagShare < 1),
    tagShare,
    limit,
  });
  const found = await hitsWithTracks(ctx, hits);
  return {
    interpretation: { concepts: interpretation.concepts.map((c) => ({ ...c, weight: round(c.weight) })), keywords: interpretation.keywords },
    total: hits[0]?.total ?? 0,
    results: found.map(({ hit, track, title }) => {
      const matched = hit.tagIds.flatMap((id) => why.get(id) ?? []);
      if (hit.titleScore > 0) {
        const lower = title.toLowerCase();
        for (const k of interpretation.keywords) if (lower.includes(k)) matched.push({ term: k, field: 'title', value: title, weight: round(hit.titleScore) });
        if (!matched.some((m) => m.field === 'title')) matched.push({ term: interpretation.keywords.join(' '), field: 'title', value: title, weight: round(hit.titleScore) });
      }
      return { score: round(Math.min(1, hit.score)), title, track, matched };
    }),
  };
};

export interface ImageAnalysis {
  features: ColourFeatures;
  moods: Array<{ mood: string; score: number }>;
}

/** Image search: colour features → mood scores (domain/image-moods.ts) → tracks by mood overlap. */
export const searchByImage = async (ctx: Pick<CatalogContext, 'db' | 'pool' | 'images'>, image: Buffer, limit: number): Promise<SearchResult & ImageAnalysis> => {
  const features = await ctx.images.colourFeatures(image);
  const moods = moodScoresOf(features);
  const scoreOf = new Map(leadingMoods(moods).map((m) => [m.mood, m.score]));
  const tags = (await conceptTags(ctx)).filter((t) => t.tag.type === 'MOOD');
  const scored = tags
    .map(({ tag, concepts }) => ({ tag, score: Math.max(0, ...concepts.map((c) => scoreOf.get(c) ?? 0)) }))
    .filter((t) => t.score > 0);
  const hits = await rankByMoods(ctx.pool, scored.map((t) => t.tag.id), scored.map((t) => t.score), limit);
  const byTag = new Map(scored.map((t) => [t.tag.id, t]));
  const found = await hitsWithTracks(ctx, hits);
  return {
    features,
    moods,
    total: hits[0]?.total ?? 0,
    results: found.map(({ hit, track, title }) => ({
      score: round(hit.score),
      title,
      track,
      matched: hit.moodIds.flatMap((id) => {
        const t = byTag.get(id);
        return t ? [{ term: conceptsOfTagValue(t.tag.value, 'MOOD')[0] ?? t.tag.value, field: 'mood' as const, value: t.tag.value, weight: round(t.score) }] : [];
      }),
    })),
  };
};

/** Tracks like a seed track (formula in search.sql.ts similarQuery); an unknown, deleted or untagged seed → 404. */
export const searchSimilar = async (ctx: Pick<CatalogContext, 'db' | 'pool'>, musicId: string, limit: number): Promise<SearchResult> => {
  const seed = (await musicForSearch(ctx.pool, [musicId])).get(musicId);
  if (!seed || !seed.genreId) throw resourceNotFound();
  const tags = await conceptTags(ctx);
  const byId = new Map(tags.map((t) => [t.tag.id, t]));
  const seedGenre = byId.get(seed.genreId);
  const family = new Set((seedGenre?.concepts ?? []).flatMap(familyOf));
  const familyGenreIds = tags.filter((t) => t.tag.type === 'GENRE' && t.tag.id !== seed.genreId && t.concepts.some((c) => family.has(c) || seedGenre?.concepts.includes(c))).map((t) => t.tag.id);
  // A seed mood stands for every mood tag of its concept (an operator's "Calm" and "잔잔함" are one mood).
  const moodIds: string[] = [];
  const moodGroups: number[] = [];
  seed.moodIds.forEach((id, group) => {
    const concepts = byId.get(id)?.concepts ?? [];
    for (const t of tags) {
      if (t.tag.type === 'MOOD' && (t.tag.id === id || t.concepts.some((c) => concepts.includes(c)))) {
        moodIds.push(t.tag.id);
        moodGroups.push(group);
      }
    }
  });
  const hits = await rankSimilar(ctx.pool, {
    seedId: seed.id,
    genreId: seed.genreId,
    familyGenreIds,
    moodIds,
    moodGroups,
    seedMoodCount: seed.moodIds.length,
    durationSeconds: seed.durationSeconds,
    limit,
  });
  const found = await hitsWithTracks(ctx, hits);
  return {
    total: hits[0]?.total ?? 0,
    results: found.map(({ hit, track, title }) => ({
      score: round(hit.score),
      title,
      track,
      matched: [
        ...(hit.genreScore > 0 ? [{ term: seedGenre?.tag.value ?? '', field: 'genre' as const, value: track.genre.name, weight: round(0.4 * hit.genreScore) }] : []),
        ...hit.moodIds.map((id) => ({ term: byId.get(id)?.tag.value ?? id, field: 'mood' as const, value: byId.get(id)?.tag.value ?? id, weight: round(0.45 / Math.max(1, seed.moodIds.length)) })),
        { term: `${seed.durationSeconds}s`, field: 'duration' as const, value: `${track.durationSeconds}s`, weight: round(0.15 * hit.durationScore) },
      ],
    })),
  };
};
