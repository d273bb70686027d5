-- Cases per member and type; the chart counts members with at least one case of a type (a new row
-- takes the member's prison, for the prison's chart).
CREATE OR REPLACE FUNCTION cases_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas text := format(
  'SELECT r.family_member_id, r.case_type, sum(r.s) AS n FROM (%s) r GROUP BY 1, 2 HAVING sum(r.s) <> 0 ORDER BY 1, 2',
  jail_transition_rows(TG_OP));
BEGIN
  EXECUTE format(
    'UPDATE member_case_types t SET cases = t.cases + d.n FROM (%s) d
     WHERE d.n < 0 AND t.family_member_id = d.family_member_id AND t.case_type = d.case_type', deltas);
  EXECUTE format(
    'INSERT INTO member_case_types AS t (family_member_id, case_type, cases, prison_id)
     SELECT d.family_member_id, d.case_type, d.n, (SELECT m.prison_id FROM family_members m WHERE m.user_id = d.family_member_id)
     FROM (%s) d WHERE d.n > 0
     ON CONFLICT (family_member_id, case_type) DO UPDATE SET cases = t.cases + excluded.cases', deltas);
  RETURN NULL;
END $$;
