CREATE TABLE "tag_signatures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"genre_id" uuid NOT NULL,
	"mood_ids" uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "music" ADD COLUMN "tag_signature_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "tag_signatures_genre_moods_key" ON "tag_signatures" USING btree ("genre_id","mood_ids");--> statement-breakpoint
CREATE INDEX "music_signature_idx" ON "music" USING btree ("tag_signature_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
-- Backfill: the signature of every music tagged so far.
INSERT INTO "tag_signatures" ("id", "genre_id", "mood_ids")
  SELECT gen_random_uuid(), s.genre_id, s.mood_ids FROM (
    SELECT m.genre_id, coalesce(array(SELECT mm.mood_id FROM music_moods mm WHERE mm.music_id = m.id ORDER BY mm.mood_id), '{}') AS mood_ids
      FROM music m WHERE m.genre_id IS NOT NULL) s
  GROUP BY s.genre_id, s.mood_ids ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "music" m SET "tag_signature_id" = t.id
  FROM "tag_signatures" t
 WHERE m.genre_id IS NOT NULL AND t.genre_id = m.genre_id
   AND t.mood_ids = coalesce(array(SELECT mm.mood_id FROM music_moods mm WHERE mm.music_id = m.id ORDER BY mm.mood_id), '{}');
