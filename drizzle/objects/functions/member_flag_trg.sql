-- One row per member at most (primary key), so the flag is simply whether the row exists.
CREATE OR REPLACE FUNCTION member_flag_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE family_members fm SET %I = d.n > 0
     FROM (SELECT r.family_member_id, sum(r.s) AS n FROM (%s) r GROUP BY r.family_member_id ORDER BY r.family_member_id) d
     WHERE fm.user_id = d.family_member_id AND d.n <> 0', TG_ARGV[0], jail_transition_rows(TG_OP));
  RETURN NULL;
END $$;
