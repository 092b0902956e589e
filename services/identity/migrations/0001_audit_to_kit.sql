-- Identity's audit records move to the kit's audit_records (created by the kit's migrations, which
-- run before the service's). Existing rows are copied first: ids cast to uuid, the tenant scope taken
-- from detail.hqId / detail.storeId where the action recorded one, a missing actor role as SYSTEM.
INSERT INTO "audit_records" ("id", "action", "target_type", "target_id", "target_label", "hq_id", "store_id", "detail", "actor_account_id", "actor_role", "impersonated_by", "created_at")
SELECT
	"id"::uuid,
	"action",
	"target_type",
	"target_id",
	"target_label",
	CASE WHEN "detail"->>'hqId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ("detail"->>'hqId')::uuid END,
	CASE WHEN "detail"->>'storeId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ("detail"->>'storeId')::uuid END,
	"detail",
	"actor_account_id"::uuid,
	COALESCE("actor_role", 'SYSTEM'),
	"impersonated_by"::uuid,
	"created_at"
FROM "audit_log"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
DROP TABLE "audit_log" CASCADE;
