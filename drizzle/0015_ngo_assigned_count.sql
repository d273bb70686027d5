-- Contract 5: the NGO list (the jail authority's 'Select NGO' on the dashboard, and /ngos) showed each
-- NGO's capacity and members from a count of ngo_assignments grouped over the whole table, on every
-- request: 25,000 rows at 100,000 family members, growing with them. The count is now kept on the NGO
-- row, by statement triggers in the same transaction as the assignment (or its removal, e.g. when a
-- family member's record is deleted), so the list reads the ngos table alone and stays exact.
-- The triggers change assigned_count only: ngos_cards (0009) fires on the NGO's shown fields, not on it.
ALTER TABLE "ngos" ADD COLUMN "assigned_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "ngos" g SET "assigned_count" = a.n FROM (SELECT "ngo_id", count(*)::int AS n FROM "ngo_assignments" GROUP BY "ngo_id") a WHERE a."ngo_id" = g."id";
--> statement-breakpoint
ALTER TABLE "ngos" ADD CONSTRAINT "ngos_assigned_count_nonnegative" CHECK ("assigned_count" >= 0);
--> statement-breakpoint
CREATE FUNCTION ngo_assigned_count_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE ngos g SET assigned_count = g.assigned_count - o.n
      FROM (SELECT ngo_id, count(*)::int AS n FROM old_rows GROUP BY ngo_id) o WHERE g.id = o.ngo_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE ngos g SET assigned_count = g.assigned_count + c.n
      FROM (SELECT ngo_id, count(*)::int AS n FROM new_rows GROUP BY ngo_id) c WHERE g.id = c.ngo_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_count_ins AFTER INSERT ON ngo_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ngo_assigned_count_trg();
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_count_upd AFTER UPDATE ON ngo_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ngo_assigned_count_trg();
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_count_del AFTER DELETE ON ngo_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ngo_assigned_count_trg();
