-- drizzle/0002_scale.sql's counters trigger.
-- One static statement per operation (each sees different transition tables), so PL/pgSQL keeps their
-- plans (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION family_members_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(x.k), '{}'), coalesce(array_agg(x.d), '{}') INTO ks, ds FROM (
      SELECT k, count(*)::bigint AS d FROM new_rows r, unnest(family_member_count_keys(to_jsonb(r))) AS k GROUP BY k) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(array_agg(x.k), '{}'), coalesce(array_agg(x.d), '{}') INTO ks, ds FROM (
      SELECT k, -count(*)::bigint AS d FROM old_rows r, unnest(family_member_count_keys(to_jsonb(r))) AS k GROUP BY k) x;
  ELSE
    SELECT coalesce(array_agg(x.k), '{}'), coalesce(array_agg(x.d), '{}') INTO ks, ds FROM (
      SELECT k, sum(r.s)::bigint AS d FROM (
        SELECT 1 AS s, family_member_count_keys(to_jsonb(n)) AS keys FROM new_rows n
        UNION ALL SELECT -1, family_member_count_keys(to_jsonb(o)) FROM old_rows o) r, unnest(r.keys) AS k
      GROUP BY k HAVING sum(r.s) <> 0) x;
    IF cardinality(ks) = 0 THEN RETURN NULL; END IF;
  END IF;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
