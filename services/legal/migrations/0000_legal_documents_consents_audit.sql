CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"detail" jsonb,
	"actor_account_id" text,
	"actor_role" text,
	"impersonated_by" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"document_version" varchar(32) NOT NULL,
	"account_id" text NOT NULL,
	"agreed_at" timestamp (3) with time zone NOT NULL,
	"agreed_ip" text,
	"agreed_user_agent" text,
	"signer_name" varchar(255),
	"source" text NOT NULL,
	CONSTRAINT "consent_records_kind_ck" CHECK ("consent_records"."kind" in ('TERMS', 'PRIVACY_POLICY')),
	CONSTRAINT "consent_records_subject_type_ck" CHECK ("consent_records"."subject_type" in ('HQ', 'STORE')),
	CONSTRAINT "consent_records_source_ck" CHECK ("consent_records"."source" in ('AGREE', 'SETUP'))
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" varchar(32) NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	"effective_at" timestamp (3) with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "legal_documents_kind_ck" CHECK ("legal_documents"."kind" in ('TERMS', 'PRIVACY_POLICY')),
	CONSTRAINT "legal_documents_status_ck" CHECK ("legal_documents"."status" in ('SCHEDULED', 'ACTIVE', 'SUPERSEDED'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "consent_records_subject_version_uq" ON "consent_records" USING btree ("kind","subject_type","subject_id","document_version");--> statement-breakpoint
CREATE INDEX "consent_records_subject_idx" ON "consent_records" USING btree ("subject_type","subject_id","kind","agreed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_kind_version_uq" ON "legal_documents" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_one_active_uq" ON "legal_documents" USING btree ("kind") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "legal_documents_kind_effective_idx" ON "legal_documents" USING btree ("kind","effective_at" DESC NULLS LAST,"id" DESC NULLS LAST);