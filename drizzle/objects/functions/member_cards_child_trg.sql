-- 0009's child-table trigger; TG_ARGV[1] = 'jail' when the table's changes show on the jail card only.
CREATE OR REPLACE FUNCTION member_cards_child_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT r.family_member_id) FROM (%s) r WHERE %s',
    jail_transition_rows(TG_OP), coalesce(TG_ARGV[0], 'true')) INTO ids;
  PERFORM member_cards_refresh(ids, true, TG_NARGS < 2 OR TG_ARGV[1] <> 'jail');
  RETURN NULL;
END $$;
