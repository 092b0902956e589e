-- Consent records are never edited (spec 02): the database refuses any UPDATE.
CREATE OR REPLACE FUNCTION consent_records_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'consent records are never edited' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER consent_records_no_update BEFORE UPDATE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION consent_records_immutable();
