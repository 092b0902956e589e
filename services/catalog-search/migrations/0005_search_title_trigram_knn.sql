-- Text search: title matches are top-k by a KNN walk of a GiST trigram index (ORDER BY phrase <<-> lower(title) LIMIT k)
-- instead of a GIN full-text bitmap of every title holding a keyword (a word in 1 of 30 titles was a 7,000-row bitmap).
-- siglen=256: titles are short, and the default 12-byte signature barely prunes a 200,000-row table.
-- The GIN full-text and trigram indexes served only that search and go (their fastupdate pending list was also scanned by every search).
CREATE INDEX IF NOT EXISTS "music_title_trgm_gist_idx" ON "music" USING gist (lower("title") gist_trgm_ops(siglen=256)) WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "music_title_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "music_title_fts_idx";
