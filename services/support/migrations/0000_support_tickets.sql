CREATE TABLE "ticket_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"comment_id" uuid,
	"visibility" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_account_id" uuid NOT NULL,
	"uploaded_by_role" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "ticket_attachments_visibility" CHECK ("ticket_attachments"."visibility" in ('SHARED', 'INTERNAL'))
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"author_account_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "ticket_comments_kind" CHECK ("ticket_comments"."kind" in ('REPLY', 'INTERNAL'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid,
	"store_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"category" text,
	"assignee_operator_id" uuid,
	"created_by_account_id" uuid NOT NULL,
	"created_by_role" text NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "tickets_store_has_hq" CHECK ("tickets"."store_id" is null or "tickets"."hq_id" is not null),
	CONSTRAINT "tickets_status" CHECK ("tickets"."status" in ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED')),
	CONSTRAINT "tickets_priority" CHECK ("tickets"."priority" in ('URGENT', 'HIGH', 'NORMAL', 'LOW'))
);
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_hq_idx" ON "tickets" USING btree ("hq_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_store_idx" ON "tickets" USING btree ("store_id","updated_at");