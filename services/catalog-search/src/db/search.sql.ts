/**
 * The SQL of the search API, as plain text + values (the benchmark runs the same statements).
 * Scores are computed in PostgreSQL; the formulas are documented in the README (§ Search).
 */
import type { SqlQuery } from './public-catalog.sql';

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
 * title = 1 for a full-text hit (prefix match of a keyword as a title word), else the best
 * trigram word similarity of a keyword to the title when ≥ 0.6.
 */
export const textSearchQuery = (p: TextSearchParams): SqlQuery => ({
  text: `with q as (select * from unnest($1::uuid[], $2::float8[], $7::bool[]) as q(tag_id, w, is_genre)),
hits as (
  select mm.music_id, q.tag_id, q.w, false as is_genre from music_moods mm join q on q.tag_id = mm.mood_id and not q.is_genre
  union all
  select m.id, q.tag_id, q.w, true from music m join q on q.tag_id = m.genre_id and q.is_genre where m.deleted_at is null
),
tagged as (
  select music_id,
    coalesce(max(w) filter (where is_genre and w > 0), 0)
      + coalesce(max(w) filter (where not is_genre and w > 0), 0)
      + 0.25 * (coalesce(sum(w) filter (where not is_genre and w > 0), 0) - coalesce(max(w) filter (where not is_genre and w > 0), 0)) as pos,
    coalesce(sum(w) filter (where w < 0), 0) as neg,
    array_agg(tag_id) as tag_ids
  from hits group by music_id
),
tsq as (select to_tsquery('simple', coalesce(nullif(array_to_string(array(select quote_literal(k) || ':*' from unnest($4::text[]) k), ' | '), ''), '''''')) as q),
titled as (
  select m.id as music_id,
    greatest(case when to_tsvector('simple', m.title) @@ tsq.q then 1 else 0 end,
             coalesce((select max(word_similarity(k, lower(m.title))) from unnest($4::text[]) k where k <% lower(m.title)), 0)) as title
  from music m, tsq
  where cardinality($4::text[]) > 0 and m.deleted_at is null
    and (to_tsvector('simple', m.title) @@ tsq.q or exists (select 1 from unnest($4::text[]) k where k <% lower(m.title)))
),
scored as (
  select coalesce(t.music_id, ti.music_id) as music_id, coalesce(t.pos, 0) as pos, coalesce(t.neg, 0) as neg, coalesce(ti.title, 0) as title, t.tag_ids
  from tagged t full join titled ti on ti.music_id = t.music_id
),
ranked as (
  select s.music_id, s.tag_ids, s.title,
    $5::float8 * least(1, s.pos / greatest($3::float8, 1e-9)) + (1 - $5::float8) * s.title - least(1, -s.neg / greatest($3::float8, 1e-9)) as score
  from scored s
)
select r.music_id, r.tag_ids, r.title as title_score, r.score, count(*) over () as total
from ranked r join music m on m.id = r.music_id and m.deleted_at is null and m.genre_id is not null
where r.score > 0
order by r.score desc, m.created_at desc, m.id desc
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
