-- Audit records move to the kit's audit_records table (created by the kit's migrations, which run
-- before the service's). Existing rows are copied first; ids of people that are not UUIDs become
-- null (the system acting), then the service's own table goes.
INSERT INTO "audit_records" ("id", "action", "target_type", "target_id", "target_label", "hq_id", "store_id", "detail", "actor_account_id", "actor_role", "impersonated_by", "created_at")
SELECT "id", "action", "target_type", "target_id", "target_label", "hq_id", "store_id", "detail",
  CASE WHEN "actor_account_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "actor_account_id"::uuid END,
  "actor_role",
  CASE WHEN "impersonated_by" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "impersonated_by"::uuid END,
  "created_at"
FROM "audit_log"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
DROP TABLE "audit_log" CASCADE;
