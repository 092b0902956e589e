CREATE TABLE "commercial_plays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"device_id" uuid,
	"commercial_id" uuid NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"played_ms" integer,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "commercial_plays_played_ms" CHECK ("commercial_plays"."played_ms" between 0 and 86400000)
);
--> statement-breakpoint
ALTER TABLE "commercial_cursors" ADD COLUMN "commercial_started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "commercial_cursors" ADD COLUMN "songs_since_commercial" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "commercial_plays_store_play_uq" ON "commercial_plays" USING btree ("store_id","commercial_id","started_at");--> statement-breakpoint
CREATE INDEX "commercial_plays_hq_idx" ON "commercial_plays" USING btree ("hq_id");--> statement-breakpoint
ALTER TABLE "commercial_cursors" ADD CONSTRAINT "commercial_cursors_songs_since" CHECK ("commercial_cursors"."songs_since_commercial" >= 0);