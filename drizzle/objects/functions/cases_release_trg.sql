-- A change to a case or a bail review re-stores its members' release flags. One static statement per
-- operation (each sees different transition tables), so PL/pgSQL keeps their plans
-- (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION cases_release_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(DISTINCT r.family_member_id), '{}') INTO ids FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(array_agg(DISTINCT r.family_member_id), '{}') INTO ids FROM old_rows r;
  ELSE
    SELECT coalesce(array_agg(DISTINCT x.id), '{}') INTO ids FROM (
      SELECT r.family_member_id AS id FROM new_rows r UNION ALL SELECT r.family_member_id FROM old_rows r) x;
  END IF;
  PERFORM member_release_refresh(ids);
  RETURN NULL;
END $$;
