-- Cases per member and type; the chart counts members with at least one case of a type (a new row
-- takes the member's prison, for the prison's chart). One static statement per operation (each sees
-- different transition tables), so PL/pgSQL keeps their plans
-- (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION cases_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[]; types text[]; ns int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.id ORDER BY d.id, d.t), array_agg(d.t ORDER BY d.id, d.t), array_agg(d.n ORDER BY d.id, d.t) INTO ids, types, ns
    FROM (SELECT r.family_member_id AS id, r.case_type AS t, count(*)::int AS n FROM new_rows r GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.id ORDER BY d.id, d.t), array_agg(d.t ORDER BY d.id, d.t), array_agg(d.n ORDER BY d.id, d.t) INTO ids, types, ns
    FROM (SELECT r.family_member_id AS id, r.case_type AS t, -count(*)::int AS n FROM old_rows r GROUP BY 1, 2) d;
  ELSE
    SELECT array_agg(d.id ORDER BY d.id, d.t), array_agg(d.t ORDER BY d.id, d.t), array_agg(d.n ORDER BY d.id, d.t) INTO ids, types, ns
    FROM (SELECT r.id, r.t, sum(r.s)::int AS n FROM (SELECT n.family_member_id AS id, n.case_type AS t, 1 AS s FROM new_rows n
        UNION ALL SELECT o.family_member_id, o.case_type, -1 FROM old_rows o) r GROUP BY 1, 2 HAVING sum(r.s) <> 0) d;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  UPDATE member_case_types t SET cases = t.cases + d.n FROM unnest(ids, types, ns) AS d(id, t, n)
  WHERE d.n < 0 AND t.family_member_id = d.id AND t.case_type = d.t;
  INSERT INTO member_case_types AS t (family_member_id, case_type, cases, prison_id)
  SELECT d.id, d.t, d.n, (SELECT m.prison_id FROM family_members m WHERE m.user_id = d.id)
  FROM unnest(ids, types, ns) AS d(id, t, n) WHERE d.n > 0
  ON CONFLICT (family_member_id, case_type) DO UPDATE SET cases = t.cases + excluded.cases;
  RETURN NULL;
END $$;
