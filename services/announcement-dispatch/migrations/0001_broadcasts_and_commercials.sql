CREATE TABLE "broadcast_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"voice" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "commercial_songs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"title" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"audio_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audio_content_type" text DEFAULT 'audio/mpeg' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "broadcast_kind" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "broadcast_templates_store_idx" ON "broadcast_templates" USING btree ("store_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "commercial_songs_hq_idx" ON "commercial_songs" USING btree ("hq_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "commercial_songs_deleted_idx" ON "commercial_songs" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "announcements_draft_expiry_idx" ON "announcements" USING btree ("expires_at") WHERE source = 'STORE_BROADCAST';