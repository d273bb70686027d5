-- 0009's child-table trigger. Optional arguments: a column and a value (only rows, old or new, whose
-- column has that value change the card: a lawyer request's status 'accepted', a document's kind
-- 'bail_paper'), then 'jail' when the table's changes show on the jail card only. One static statement
-- per operation (each sees different transition tables), so PL/pgSQL keeps their plans
-- (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION member_cards_child_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.family_member_id) INTO ids FROM new_rows r
    WHERE TG_NARGS < 2 OR to_jsonb(r) ->> TG_ARGV[0] = TG_ARGV[1];
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.family_member_id) INTO ids FROM old_rows r
    WHERE TG_NARGS < 2 OR to_jsonb(r) ->> TG_ARGV[0] = TG_ARGV[1];
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO ids FROM (
      SELECT r.family_member_id AS id FROM new_rows r WHERE TG_NARGS < 2 OR to_jsonb(r) ->> TG_ARGV[0] = TG_ARGV[1]
      UNION ALL SELECT r.family_member_id FROM old_rows r WHERE TG_NARGS < 2 OR to_jsonb(r) ->> TG_ARGV[0] = TG_ARGV[1]) x;
  END IF;
  PERFORM member_cards_refresh(ids, true, TG_NARGS < 3 OR TG_ARGV[2] <> 'jail');
  RETURN NULL;
END $$;
