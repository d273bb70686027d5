CREATE OR REPLACE FUNCTION cases_release_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  EXECUTE format('SELECT coalesce(array_agg(DISTINCT r.family_member_id), ''{}'') FROM (%s) r', jail_transition_rows(TG_OP)) INTO ids;
  PERFORM member_release_refresh(ids);
  RETURN NULL;
END $$;
