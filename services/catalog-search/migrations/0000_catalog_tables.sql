CREATE TABLE "device_playlists" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"hq_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "libraries_type_check" CHECK ("libraries"."type" in ('AI','TRUST'))
);
--> statement-breakpoint
CREATE TABLE "library_music" (
	"library_id" uuid NOT NULL,
	"music_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "library_music_library_id_music_id_pk" PRIMARY KEY("library_id","music_id")
);
--> statement-breakpoint
CREATE TABLE "music" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"music_source" text NOT NULL,
	"file_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"genre_id" uuid,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "music_source_check" CHECK ("music"."music_source" in ('AI','TRUST')),
	CONSTRAINT "music_duration_check" CHECK ("music"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "music_moods" (
	"music_id" uuid NOT NULL,
	"mood_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "music_moods_music_id_mood_id_pk" PRIMARY KEY("music_id","mood_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_libraries" (
	"playlist_id" uuid NOT NULL,
	"library_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "playlist_libraries_playlist_id_library_id_pk" PRIMARY KEY("playlist_id","library_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "store_playlists" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deactivated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "tag_options_type_check" CHECK ("tag_options"."type" in ('GENRE','MOOD'))
);
--> statement-breakpoint
ALTER TABLE "device_playlists" ADD CONSTRAINT "device_playlists_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_music" ADD CONSTRAINT "library_music_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_music" ADD CONSTRAINT "library_music_music_id_music_id_fk" FOREIGN KEY ("music_id") REFERENCES "public"."music"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music" ADD CONSTRAINT "music_genre_id_tag_options_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."tag_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_moods" ADD CONSTRAINT "music_moods_music_id_music_id_fk" FOREIGN KEY ("music_id") REFERENCES "public"."music"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_moods" ADD CONSTRAINT "music_moods_mood_id_tag_options_id_fk" FOREIGN KEY ("mood_id") REFERENCES "public"."tag_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_libraries" ADD CONSTRAINT "playlist_libraries_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_libraries" ADD CONSTRAINT "playlist_libraries_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_playlists" ADD CONSTRAINT "store_playlists_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_playlists_playlist_idx" ON "device_playlists" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "device_playlists_store_idx" ON "device_playlists" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "libraries_name_idx" ON "libraries" USING btree ("name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "library_music_newest_idx" ON "library_music" USING btree ("library_id","created_at" DESC NULLS LAST,"music_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "library_music_music_idx" ON "library_music" USING btree ("music_id");--> statement-breakpoint
CREATE INDEX "music_list_idx" ON "music" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "music_deleted_idx" ON "music" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "music_moods_mood_idx" ON "music_moods" USING btree ("mood_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_libraries_position_key" ON "playlist_libraries" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_libraries_library_idx" ON "playlist_libraries" USING btree ("library_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_one_default_per_hq" ON "playlists" USING btree ("hq_id") WHERE is_default and deleted_at is null;--> statement-breakpoint
CREATE INDEX "playlists_hq_list_idx" ON "playlists" USING btree ("hq_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "store_playlists_playlist_idx" ON "store_playlists" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "store_playlists_hq_idx" ON "store_playlists" USING btree ("hq_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_options_type_value_key" ON "tag_options" USING btree ("type","value");