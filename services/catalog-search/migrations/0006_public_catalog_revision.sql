CREATE TABLE "catalog_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	CONSTRAINT "catalog_revision_single_row" CHECK ("catalog_revision"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 0);--> statement-breakpoint
-- Bumps the revision once per transaction (the transaction-local flag skips the transaction's later rows).
-- The triggers below are deferred: they fire at commit, after every other statement of the writer, so
-- a writer takes the revision row's lock last and never waits for another row while holding it.
CREATE FUNCTION "bump_catalog_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('storecast.catalog_revision_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
    PERFORM set_config('storecast.catalog_revision_bumped', 'on', true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- What a count reads: music's genre, duration and deletion, its moods, and the options' type and value
-- (filters name a genre or mood by value). Titles, files and timestamps do not count.
CREATE CONSTRAINT TRIGGER "music_catalog_revision" AFTER INSERT OR DELETE OR UPDATE OF "genre_id", "duration_seconds", "deleted_at" ON "music"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "music_moods_catalog_revision" AFTER INSERT OR DELETE OR UPDATE ON "music_moods"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tag_options_catalog_revision" AFTER INSERT OR DELETE OR UPDATE OF "type", "value" ON "tag_options"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "music_truncate_catalog_revision" AFTER TRUNCATE ON "music" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "music_moods_truncate_catalog_revision" AFTER TRUNCATE ON "music_moods" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "tag_options_truncate_catalog_revision" AFTER TRUNCATE ON "tag_options" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();
