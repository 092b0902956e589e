-- The one virtual INDEPENDENT HQ that owns independent stores (spec 02 § What the service does).
-- Its id is fixed and well known: 00000000-0000-4000-8000-000000000001 (src/domain/enums.ts
-- INDEPENDENT_HQ_ID). The unique partial index hqs_single_independent keeps it the only one.
INSERT INTO "hqs" ("id", "name", "business_number", "type", "plan", "status", "billing_anchor_day", "llm_automent_enabled", "llm_max_per_hour", "created_at", "updated_at")
VALUES ('00000000-0000-4000-8000-000000000001', '개인 매장 (INDEPENDENT)', NULL, 'INDEPENDENT', NULL, 'ACTIVE', NULL, false, 1, now(), now())
ON CONFLICT DO NOTHING;
