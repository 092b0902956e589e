/**
 * The SQL of the search API, as plain text + values (the benchmark runs the same statements).
 * Scores are computed in PostgreSQL; the formulas are documented in the README (§ Search).
 */
import type { SqlQuery } from './public-catalog.sql';

/**
 * (Re)computes the tag signature of music (`ids`, or all tagged music when null): the
 * combinations are inserted first, then each music points at its own. Two statements, one
 * transaction (the caller's).
 */
export const refreshSignaturesQueries = (ids: readonly string[] | null): SqlQuery[] => {
  const sig = `select m.id as music_id, m.genre_id, coalesce(array(select mm.mood_id from music_moods mm where mm.music_id = m.id order by mm.mood_id), '{}') as mood_ids
    from music m where m.genre_id is not null and ($1::uuid[] is null or m.id = any($1::uuid[]))`;
  return [
    { text: `insert into tag_signatures (id, genre_id, mood_ids) select gen_random_uuid(), genre_id, mood_ids from (${sig}) s group by genre_id, mood_ids on conflict do nothing`, values: [ids] },
    {
      text: `update music m set tag_signature_id = t.id from (${sig}) s join tag_signatures t on t.genre_id = s.genre_id and t.mood_ids = s.mood_ids
        where m.id = s.music_id and m.tag_signature_id is distinct from t.id`,
      values: [ids],
    },
  ];
};

export interface TextSearchParams {
  /** Tag options the query names (lexicon, full text or trigram over their values) and their weights (< 0: negated). */
  tagIds: string[];
  tagWeights: number[];
  /** Whether each tag is a genre (else a mood). */
  tagIsGenre: boolean[];
  /** The best a track can reach: the query's largest genre weight + its largest mood weight. */
  best: number;
  /** Words for full-text and trigram matching over titles. */
  keywords: string[];
  /** Share of the score that comes from tags (the rest from the title); 0 when the query names no tag. */
  tagShare: number;
  limit: number;
}

/**
 * tags  = (genre weight of the track + its best mood weight + ¼ of its other mood weights) / best
 * score = tagShare · min(1, tags) + (1 − tagShare) · title − min(1, Σ|negated weights of the track| / best)
 * title = trigram word similarity of the keyword phrase (the keywords joined) to the title: 1 when
 * the title holds every keyword, about ½ when it holds one of two.
 *
 * The tag part depends on a track's (genre, moods) only, so it is computed once per tag signature;
 * the best signatures then give their newest tracks (an index range each). Title matches are top-k:
 * the 100 titles nearest the phrase by a KNN walk of the GiST trigram index (similarity ≥ 0.6);
 * with several keywords and fewer than `limit` such titles, the 100 nearest each keyword too.
 * They are scored per track and merged. `total` counts matching tracks up to 1000.
 */
export const textSearchQuery = (p: TextSearchParams): SqlQuery => ({
  text: `with q as (select * from unnest($1::uuid[], $2::float8[], $7::bool[]) as q(tag_id, w, is_genre)),
sig as (
  select s.id,
    coalesce((select max(q.w) from q where q.is_genre and q.tag_id = s.genre_id and q.w > 0), 0) as g,
    coalesce((select max(q.w) from q where not q.is_genre and q.tag_id = any(s.mood_ids) and q.w > 0), 0) as mbest,
    coalesce((select sum(q.w) from q where not q.is_genre and q.tag_id = any(s.mood_ids) and q.w > 0), 0) as msum,
    coalesce((select sum(q.w) from q where q.w < 0 and ((q.is_genre and q.tag_id = s.genre_id) or (not q.is_genre and q.tag_id = any(s.mood_ids)))), 0) as neg
  from tag_signatures s
  where exists (select 1 from q where (q.is_genre and q.tag_id = s.genre_id) or (not q.is_genre and q.tag_id = any(s.mood_ids)))
),
scored as (
  select id, $5::float8 * least(1, (g + mbest + 0.25 * (msum - mbest)) / greatest($3::float8, 1e-9)) - least(1, -neg / greatest($3::float8, 1e-9)) as score from sig
),
top_sigs as (select id, score from scored where score > 0 order by score desc limit $6),
tag_hits as (
  select t.id as music_id, t.created_at, ts.score, 0::float8 as title
  from top_sigs ts cross join lateral (
    select m.id, m.created_at from music m where m.tag_signature_id = ts.id and m.deleted_at is null order by m.created_at desc nulls last, m.id desc nulls last limit $6
  ) t
),
title_ids as (
  -- The titles most like the keyword phrase, best first: a KNN walk of the GiST trigram index
  -- (music_title_trgm_gist_idx), bounded by the word-similarity threshold (0.6), top 100 only.
  select m.id from music m
  where cardinality($4::text[]) > 0 and m.deleted_at is null and array_to_string($4::text[], ' ') <% lower(m.title)
  order by array_to_string($4::text[], ' ') <<-> lower(m.title) limit 100
),
title_any as (
  select id from title_ids
  union
  -- Several keywords and too few titles like all of them: each keyword on its own (the phrase's similarity scores them lower).
  select t.id from unnest($4::text[]) k cross join lateral (
    select m.id from music m where m.deleted_at is null and k <% lower(m.title) order by k <<-> lower(m.title) limit 100
  ) t
  where cardinality($4::text[]) > 1 and (select count(*) from title_ids) < $6
),
title_hits as (
  select m.id as music_id, m.created_at,
    coalesce((select sc.score from scored sc where sc.id = m.tag_signature_id), 0) as tag_score,
    word_similarity(array_to_string($4::text[], ' '), lower(m.title)) as title
  from title_any ta join music m on m.id = ta.id where m.genre_id is not null
),
merged as (
  select music_id, created_at, score, title from tag_hits
  union all
  select music_id, created_at, tag_score + (1 - $5::float8) * title, title from title_hits
),
best as (
  select distinct on (music_id) music_id, created_at, score, title from merged where score > 0 order by music_id, score desc
)
select b.music_id, b.title as title_score, b.score,
  (select array_agg(t) from (
     select m.genre_id as t from music m where m.id = b.music_id and m.genre_id = any($1::uuid[])
     union all select mm.mood_id from music_moods mm where mm.music_id = b.music_id and mm.mood_id = any($1::uuid[])) x) as tag_ids,
  least(1000,
    (select count(*) from (select 1 from music m where m.tag_signature_id in (select id from scored where score > 0) and m.deleted_at is null limit 1000) c)
    + (select count(*) from title_hits th where th.tag_score <= 0 and th.tag_score + (1 - $5::float8) * th.title > 0)) as total
from best b
order by b.score desc, b.created_at desc, b.music_id desc
limit $6`,
  values: [p.tagIds, p.tagWeights, p.best, p.keywords, p.tagShare, p.limit, p.tagIsGenre],
});

/** Tag options whose value matches a keyword by full text (prefix) or trigram similarity ≥ 0.45. */
export const tagsMatchingKeywordsQuery = (keywords: string[]): SqlQuery => ({
  text: `select o.id, o.type, o.value, k as keyword, greatest(case when to_tsvector('simple', o.value) @@ to_tsquery('simple', quote_literal(k) || ':*') then 1 else 0 end, similarity(lower(o.value), k)) as match
from tag_options o cross join unnest($1::text[]) k
where to_tsvector('simple', o.value) @@ to_tsquery('simple', quote_literal(k) || ':*') or similarity(lower(o.value), k) >= 0.45`,
  values: [keywords],
});

export interface SimilarParams {
  seedId: string;
  genreId: string;
  /** Genres of the seed's genre family (similarity 0.5), without its own. */
  familyGenreIds: string[];
  /** Mood tag ids equivalent to the seed's moods, each with the index of the seed mood it stands for. */
  moodIds: string[];
  moodGroups: number[];
  seedMoodCount: number;
  durationSeconds: number;
  limit: number;
}

/**
 * similarity = 0.40 · genre + 0.45 · moods + 0.15 · duration
 *   genre    = 1 same genre, 0.5 same family, else 0
 *   moods    = Jaccard of the mood sets (shared / (|seed| + |other| − shared)), 0 when both have none
 *   duration = exp(−|Δ seconds| / 60)
 * Candidates share the genre family or at least one mood; the seed itself is excluded.
 */
export const similarQuery = (p: SimilarParams): SqlQuery => ({
  text: `with seed_moods as (select * from unnest($4::uuid[], $5::int[]) as s(mood_id, grp)),
shared as (
  select mm.music_id, count(distinct s.grp) as shared, array_agg(distinct mm.mood_id) as mood_ids from music_moods mm join seed_moods s on s.mood_id = mm.mood_id group by mm.music_id
),
candidates as (
  select id as music_id from music where deleted_at is null and (genre_id = $2::uuid or genre_id = any($3::uuid[]))
  union
  select music_id from shared
),
scored as (
  select m.id as music_id, m.genre_id, m.created_at, coalesce(sh.shared, 0) as shared, sh.mood_ids,
    (case when m.genre_id = $2::uuid then 1 when m.genre_id = any($3::uuid[]) then 0.5 else 0 end) as genre_score,
    (select count(*) from music_moods om where om.music_id = m.id) as mood_count,
    exp(-abs(m.duration_seconds - $7::float8) / 60) as duration_score
  from candidates c join music m on m.id = c.music_id left join shared sh on sh.music_id = m.id
  where m.deleted_at is null and m.genre_id is not null and m.id <> $1::uuid
)
select music_id, genre_score, shared, mood_ids, duration_score,
  0.40 * genre_score
  + 0.45 * (case when $6::int + mood_count - shared = 0 then 0 else shared::float8 / ($6::int + mood_count - shared) end)
  + 0.15 * duration_score as score,
  count(*) over () as total
from scored
order by score desc, created_at desc, music_id desc
limit $8`,
  values: [p.seedId, p.genreId, p.familyGenreIds, p.moodIds, p.moodGroups, p.seedMoodCount, p.durationSeconds, p.limit],
});

/**
 * Image search: tracks scored by the image's mood vector over their moods,
 * score = 0.7 · mean(v[m] for m in moods) + 0.3 · max(v[m]); tracks without a scored mood are left out.
 */
export const moodMatchQuery = (moodIds: string[], moodScores: number[], limit: number): SqlQuery => ({
  text: `with v as (select * from unnest($1::uuid[], $2::float8[]) as v(mood_id, s)),
per_music as (
  select mm.music_id, sum(coalesce(v.s, 0)) as total, max(coalesce(v.s, 0)) as best, count(*) as n, array_agg(mm.mood_id) filter (where v.s > 0) as mood_ids
  from music_moods mm left join v on v.mood_id = mm.mood_id
  where mm.music_id in (select music_id from music_moods where mood_id = any($1::uuid[]))
  group by mm.music_id
)
select p.music_id, p.mood_ids, 0.7 * (p.total / p.n) + 0.3 * p.best as score, count(*) over () as total
from per_music p join music m on m.id = p.music_id and m.deleted_at is null and m.genre_id is not null
where p.best > 0
order by score desc, m.created_at desc, m.id desc
limit $3`,
  values: [moodIds, moodScores, limit],
});
