CREATE OR REPLACE FUNCTION member_case_types_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  EXECUTE format(
    'SELECT coalesce(array_agg(k), ''{}''), coalesce(array_agg(d), ''{}'') FROM (
       SELECT ''type:'' || r.case_type AS k, sum(r.s * (r.cases > 0)::int)::bigint AS d FROM (%s) r GROUP BY 1) x',
    jail_transition_rows(TG_OP)) INTO ks, ds;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
