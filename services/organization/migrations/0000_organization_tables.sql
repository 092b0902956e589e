CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"hq_id" uuid,
	"store_id" uuid,
	"detail" jsonb,
	"actor_account_id" text NOT NULL,
	"actor_role" text NOT NULL,
	"impersonated_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"actor_account_id" text NOT NULL,
	"file_name" text,
	"total_rows" integer NOT NULL,
	"success_count" integer NOT NULL,
	"failure_count" integer NOT NULL,
	"manager_account_created_count" integer NOT NULL,
	"setup_email_failed_count" integer NOT NULL,
	"results" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"device_key" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hqs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"business_number" text,
	"type" text NOT NULL,
	"plan" text,
	"status" text NOT NULL,
	"billing_anchor_day" integer,
	"payment_due_days" integer,
	"llm_automent_enabled" boolean DEFAULT false NOT NULL,
	"llm_keywords" text,
	"llm_max_per_hour" integer DEFAULT 1 NOT NULL,
	"suspension_reason" text,
	"commercial_cycle_songs" integer DEFAULT 5 NOT NULL,
	"duck_enabled" boolean DEFAULT true NOT NULL,
	"duck_volume_percent" integer DEFAULT 20 NOT NULL,
	"duck_fade_ms" integer DEFAULT 400 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "hqs_type_check" CHECK ("hqs"."type" in ('FRANCHISE','INDEPENDENT')),
	CONSTRAINT "hqs_status_check" CHECK ("hqs"."status" in ('ACTIVE','ONBOARDING','UNPAID','SUSPENDED')),
	CONSTRAINT "hqs_plan_check" CHECK ("hqs"."plan" is null or "hqs"."plan" in ('AI','TRUST')),
	CONSTRAINT "hqs_cycle_check" CHECK ("hqs"."commercial_cycle_songs" between 1 and 100),
	CONSTRAINT "hqs_duck_volume_check" CHECK ("hqs"."duck_volume_percent" between 0 and 100),
	CONSTRAINT "hqs_duck_fade_check" CHECK ("hqs"."duck_fade_ms" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "manager_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"hq_id" uuid NOT NULL,
	"store_id" uuid,
	"status" text NOT NULL,
	"status_changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"plan" text,
	"billing_anchor_day" integer,
	"address" text,
	"manager_name" text,
	"manager_email" text,
	"manager_phone" text,
	"region" text,
	"commercial_cycle_songs" integer,
	"duck_enabled" boolean,
	"duck_volume_percent" integer,
	"duck_fade_ms" integer,
	"suspension_reason" text,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"last_online_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stores_type_check" CHECK ("stores"."type" in ('INDEPENDENT','DIRECT','FRANCHISE')),
	CONSTRAINT "stores_status_check" CHECK ("stores"."status" in ('ACTIVE','INACTIVE','SUSPENDED')),
	CONSTRAINT "stores_cycle_check" CHECK ("stores"."commercial_cycle_songs" is null or "stores"."commercial_cycle_songs" between 1 and 100),
	CONSTRAINT "stores_duck_volume_check" CHECK ("stores"."duck_volume_percent" is null or "stores"."duck_volume_percent" between 0 and 100),
	CONSTRAINT "stores_duck_fade_check" CHECK ("stores"."duck_fade_ms" is null or "stores"."duck_fade_ms" between 0 and 5000)
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_hq_id_hqs_id_fk" FOREIGN KEY ("hq_id") REFERENCES "public"."hqs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_hq_idx" ON "audit_log" USING btree ("hq_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "bulk_imports_hq_idx" ON "bulk_imports" USING btree ("hq_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_active_key_uq" ON "devices" USING btree ("store_id","device_key") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "devices_store_idx" ON "devices" USING btree ("store_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hqs_single_independent" ON "hqs" USING btree ("type") WHERE type = 'INDEPENDENT';--> statement-breakpoint
CREATE INDEX "hqs_name_idx" ON "hqs" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "manager_accounts_store_idx" ON "manager_accounts" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "manager_accounts_hq_idx" ON "manager_accounts" USING btree ("hq_id");--> statement-breakpoint
CREATE INDEX "stores_hq_name_idx" ON "stores" USING btree ("hq_id","name","id");--> statement-breakpoint
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name","id");