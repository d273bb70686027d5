-- Members with a case of each type, for the deployment and for the member's prison (member_case_types.prison_id).
-- One static statement per operation (each sees different transition tables), so PL/pgSQL keeps their
-- plans (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION member_case_types_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(y.k), '{}'), coalesce(array_agg(y.d), '{}') INTO ks, ds FROM (
      SELECT k.k, sum((r.cases > 0)::int)::bigint AS d FROM new_rows r,
        LATERAL (VALUES ('type:' || r.case_type), ('p:' || r.prison_id || ':type:' || r.case_type)) AS k(k)
      WHERE k.k IS NOT NULL GROUP BY k.k) y;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(array_agg(y.k), '{}'), coalesce(array_agg(y.d), '{}') INTO ks, ds FROM (
      SELECT k.k, -sum((r.cases > 0)::int)::bigint AS d FROM old_rows r,
        LATERAL (VALUES ('type:' || r.case_type), ('p:' || r.prison_id || ':type:' || r.case_type)) AS k(k)
      WHERE k.k IS NOT NULL GROUP BY k.k) y;
  ELSE
    SELECT coalesce(array_agg(y.k), '{}'), coalesce(array_agg(y.d), '{}') INTO ks, ds FROM (
      SELECT k.k, sum(r.s * (r.cases > 0)::int)::bigint AS d FROM (SELECT 1 AS s, n.case_type, n.prison_id, n.cases FROM new_rows n
          UNION ALL SELECT -1, o.case_type, o.prison_id, o.cases FROM old_rows o) r,
        LATERAL (VALUES ('type:' || r.case_type), ('p:' || r.prison_id || ':type:' || r.case_type)) AS k(k)
      WHERE k.k IS NOT NULL GROUP BY k.k) y;
  END IF;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
