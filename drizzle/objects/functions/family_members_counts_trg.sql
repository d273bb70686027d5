-- drizzle/0002_scale.sql's counters trigger, skipping the cards' own writes (no counted column moves).
CREATE OR REPLACE FUNCTION family_members_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  IF current_setting('rihaai.writing_cards', true) = 'on' THEN RETURN NULL; END IF;
  EXECUTE format(
    'SELECT coalesce(array_agg(k), ''{}''), coalesce(array_agg(d), ''{}'') FROM (
       SELECT k, sum(r.s)::bigint AS d FROM (%s) r, unnest(family_member_count_keys(to_jsonb(r))) AS k
       GROUP BY k) x', jail_transition_rows(TG_OP)) INTO ks, ds;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
