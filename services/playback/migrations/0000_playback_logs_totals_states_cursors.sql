CREATE TABLE "commercial_cursors" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"commercial_id" uuid,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playback_daily_totals" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hq_id" uuid NOT NULL,
	"trust_count" integer DEFAULT 0 NOT NULL,
	"non_trust_count" integer DEFAULT 0 NOT NULL,
	"trust_played_ms" bigint DEFAULT 0 NOT NULL,
	"non_trust_played_ms" bigint DEFAULT 0 NOT NULL,
	"cache_hit_count" integer DEFAULT 0 NOT NULL,
	"cache_miss_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "playback_daily_totals_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "playback_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"device_id" uuid,
	"music_id" uuid NOT NULL,
	"library_id" uuid,
	"music_title" text NOT NULL,
	"music_source" text NOT NULL,
	"is_trust" boolean NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"played_ms" integer NOT NULL,
	"cache_hit" boolean,
	"kst_day" date NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "playback_logs_source" CHECK ("playback_logs"."music_source" in ('AI', 'TRUST')),
	CONSTRAINT "playback_logs_played_ms" CHECK ("playback_logs"."played_ms" between 0 and 86400000)
);
--> statement-breakpoint
CREATE TABLE "playback_states" (
	"reporter_id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"device_id" uuid,
	"state" text NOT NULL,
	"current_music_id" text,
	"last_signal_at" timestamp (3) with time zone NOT NULL,
	"signal_emitted_at" timestamp (3) with time zone,
	"signal_emitted_state" text,
	CONSTRAINT "playback_states_state" CHECK ("playback_states"."state" in ('PLAYING', 'PAUSED', 'SILENT'))
);
--> statement-breakpoint
CREATE INDEX "commercial_cursors_commercial_idx" ON "commercial_cursors" USING btree ("commercial_id");--> statement-breakpoint
CREATE INDEX "playback_daily_totals_hq_day_idx" ON "playback_daily_totals" USING btree ("hq_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "playback_logs_store_play_uq" ON "playback_logs" USING btree ("store_id","music_id","started_at") WHERE device_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "playback_logs_device_play_uq" ON "playback_logs" USING btree ("device_id","music_id","started_at") WHERE device_id is not null;--> statement-breakpoint
CREATE INDEX "playback_logs_hq_started_idx" ON "playback_logs" USING btree ("hq_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "playback_logs_store_started_idx" ON "playback_logs" USING btree ("store_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "playback_logs_started_idx" ON "playback_logs" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "playback_states_hq_idx" ON "playback_states" USING btree ("hq_id","store_id");