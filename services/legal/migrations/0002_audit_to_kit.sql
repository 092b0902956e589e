-- Audit records move to the kit's audit_records (migrated before this service's migrations, so
-- the table exists). Legal's actor columns were text: an actor that is not a UUID keeps its role
-- and loses the id (null, like the system); a missing role becomes SYSTEM. Legal documents belong
-- to no tenant, so hq_id and store_id stay null. Ids are kept, so a rerun copies nothing twice.
INSERT INTO "audit_records" ("id", "action", "target_type", "target_id", "target_label", "hq_id", "store_id", "detail", "actor_account_id", "actor_role", "impersonated_by", "created_at")
SELECT
  "id",
  "action",
  "target_type",
  "target_id",
  "target_label",
  NULL,
  NULL,
  "detail",
  CASE WHEN "actor_account_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "actor_account_id"::uuid END,
  COALESCE("actor_role", 'SYSTEM'),
  CASE WHEN "impersonated_by" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "impersonated_by"::uuid END,
  "created_at"
FROM "audit_log"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
DROP TABLE "audit_log" CASCADE;
