-- Search API (spec 01): trigram matching over titles and tag values, full text over titles.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "music_title_fts_idx" ON "music" USING gin (to_tsvector('simple', "title")) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "music_title_trgm_idx" ON "music" USING gin (lower("title") gin_trgm_ops) WHERE "deleted_at" IS NULL;
