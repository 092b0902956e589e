CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"hq_id" uuid,
	"store_id" uuid,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"voice" text NOT NULL,
	"tone_preset" text NOT NULL,
	"tempo" double precision NOT NULL,
	"audio_key" text NOT NULL,
	"duration_seconds" double precision,
	"is_emergency" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "dispatch_acks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dispatch_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"device_id" uuid,
	"outcome" text NOT NULL,
	"signal_source" text,
	"received_at_raw" text,
	"started_at_raw" text,
	"signal_latency_ms" integer,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatch_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"times" text[] NOT NULL,
	"days_of_week" text[] NOT NULL,
	"start_hour" integer,
	"end_hour" integer,
	"minute" integer,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"target" text NOT NULL,
	"store_ids" uuid[] NOT NULL,
	"region" text,
	"status" text NOT NULL,
	"materialized_until" timestamp (3) with time zone NOT NULL,
	"audit_id" uuid,
	"created_at" timestamp (3) with time zone NOT NULL,
	"canceled_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"hq_id" uuid,
	"store_id" uuid NOT NULL,
	"device_id" uuid,
	"schedule_id" uuid,
	"target" text NOT NULL,
	"status" text NOT NULL,
	"missed_reason" text,
	"is_emergency" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp (3) with time zone,
	"play_at" timestamp (3) with time zone,
	"due_at" timestamp (3) with time zone NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"pending_at" timestamp (3) with time zone,
	"played_at" timestamp (3) with time zone,
	"played_by_device_id" uuid,
	"missed_at" timestamp (3) with time zone,
	"canceled_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"signal_latency_ms" integer,
	"audit_id" uuid
);
--> statement-breakpoint
CREATE TABLE "schedule_occurrences" (
	"schedule_id" uuid NOT NULL,
	"occurs_at" timestamp (3) with time zone NOT NULL,
	"batch_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "schedule_occurrences_schedule_id_occurs_at_pk" PRIMARY KEY("schedule_id","occurs_at")
);
--> statement-breakpoint
ALTER TABLE "dispatch_acks" ADD CONSTRAINT "dispatch_acks_dispatch_id_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."dispatches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_schedules" ADD CONSTRAINT "dispatch_schedules_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_schedule_id_dispatch_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."dispatch_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_hq_idx" ON "announcements" USING btree ("hq_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "dispatch_acks_dispatch_idx" ON "dispatch_acks" USING btree ("dispatch_id","device_id","created_at");--> statement-breakpoint
CREATE INDEX "dispatch_schedules_active_idx" ON "dispatch_schedules" USING btree ("status","materialized_until");--> statement-breakpoint
CREATE INDEX "dispatch_schedules_hq_idx" ON "dispatch_schedules" USING btree ("hq_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dispatch_schedules_announcement_idx" ON "dispatch_schedules" USING btree ("announcement_id","status");--> statement-breakpoint
CREATE INDEX "dispatches_due_idx" ON "dispatches" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "dispatches_store_idx" ON "dispatches" USING btree ("store_id","status","due_at");--> statement-breakpoint
CREATE INDEX "dispatches_store_revoked_idx" ON "dispatches" USING btree ("store_id","revoked_at") WHERE revoked_at is not null;--> statement-breakpoint
CREATE INDEX "dispatches_announcement_idx" ON "dispatches" USING btree ("announcement_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dispatches_hq_idx" ON "dispatches" USING btree ("hq_id","status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatches_occurrence_store_uq" ON "dispatches" USING btree ("schedule_id","scheduled_at","store_id") WHERE schedule_id is not null;