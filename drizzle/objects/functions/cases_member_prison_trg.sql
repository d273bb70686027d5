-- A case registered, deleted or handed to another relative (or another prisoner) may list its members
-- under another prison, or under none: member_prison counts only the prisoners a member holds a case of.
-- Updates that leave a case's member and prisoner as they were (its facts, its release dates) do nothing.
-- One static statement per operation (each sees different transition tables), so PL/pgSQL keeps their
-- plans (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION cases_member_prison_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT x.id ORDER BY x.id) INTO ids FROM (
      SELECT o."family_member_id" AS id FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE o."family_member_id" IS DISTINCT FROM n."family_member_id" OR o."prisoner_id" IS DISTINCT FROM n."prisoner_id"
      UNION ALL
      SELECT n."family_member_id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE o."family_member_id" IS DISTINCT FROM n."family_member_id" OR o."prisoner_id" IS DISTINCT FROM n."prisoner_id") x;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.family_member_id ORDER BY r.family_member_id) INTO ids FROM new_rows r;
  ELSE
    SELECT array_agg(DISTINCT r.family_member_id ORDER BY r.family_member_id) INTO ids FROM old_rows r;
  END IF;
  IF ids IS NOT NULL THEN PERFORM member_prison_refresh(ids); END IF;
  RETURN NULL;
END $$;
