CREATE TABLE "audit_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"hq_id" uuid,
	"store_id" uuid,
	"detail" jsonb,
	"actor_account_id" uuid,
	"actor_role" text NOT NULL,
	"impersonated_by" uuid,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_records_target_idx" ON "audit_records" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_records_hq_idx" ON "audit_records" USING btree ("hq_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_records_created_idx" ON "audit_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "processed_messages_handled_idx" ON "processed_messages" USING btree ("handled_at");