-- Members with a case of each type, for the deployment and for the member's prison (member_case_types.prison_id).
CREATE OR REPLACE FUNCTION member_case_types_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  EXECUTE format(
    'SELECT coalesce(array_agg(k), ''{}''), coalesce(array_agg(d), ''{}'') FROM (
       SELECT x.k, sum(x.d)::bigint AS d FROM (
         SELECT ''type:'' || r.case_type AS k, r.s * (r.cases > 0)::int AS d FROM (%1$s) r
         UNION ALL
         SELECT ''p:'' || r.prison_id || '':type:'' || r.case_type, r.s * (r.cases > 0)::int FROM (%1$s) r WHERE r.prison_id IS NOT NULL) x
       GROUP BY x.k) y',
    jail_transition_rows(TG_OP)) INTO ks, ds;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
