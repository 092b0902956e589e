ALTER TABLE "dispatches" ADD COLUMN "played_ack_id" uuid;--> statement-breakpoint
ALTER TABLE "dispatches" ADD COLUMN "started_lag_ms" integer;--> statement-breakpoint
CREATE INDEX "dispatches_hq_due_idx" ON "dispatches" USING btree ("hq_id","due_at");--> statement-breakpoint
-- Rows PLAYED before this migration: the first PLAYED ack made them PLAYED (acks of a row serialize on its lock).
UPDATE "dispatches" d SET "played_ack_id" = a.id
FROM (SELECT DISTINCT ON (dispatch_id) id, dispatch_id FROM "dispatch_acks" WHERE outcome = 'PLAYED' ORDER BY dispatch_id, created_at, id) a
WHERE a.dispatch_id = d.id AND d.status = 'PLAYED';--> statement-breakpoint
-- A raw reported instant as domain/dispatch-rules.ts reportedInstant reads it; anything else is null, never an error.
CREATE FUNCTION pg_temp.reported_instant(raw text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF raw IS NULL OR length(raw) > 64 OR raw !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$' THEN
    RETURN NULL;
  END IF;
  RETURN raw::timestamptz;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;--> statement-breakpoint
-- Their started lag by the rule of reportedOffsetMs: not over 30 s ahead of the ack, within -30 s .. 1 h of due.
UPDATE "dispatches" d SET "started_lag_ms" = l.lag::int
FROM (
  SELECT p.id, p.started, p.acked_at, floor(extract(epoch FROM (p.started - p.due_at)) * 1000) AS lag
  FROM (
    SELECT d2.id, d2.due_at, a.created_at AS acked_at, pg_temp.reported_instant(a.started_at_raw) AS started
    FROM "dispatches" d2 JOIN "dispatch_acks" a ON a.id = d2.played_ack_id
  ) p
) l
WHERE l.id = d.id AND l.started IS NOT NULL AND l.started <= l.acked_at + interval '30 seconds' AND l.lag BETWEEN -30000 AND 3600000;
