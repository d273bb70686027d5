CREATE OR REPLACE FUNCTION documents_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE family_members fm SET bail_papers = fm.bail_papers + d.n
     FROM (SELECT r.family_member_id, sum(r.s * (r.kind = ''bail_paper'')::int) AS n
           FROM (%s) r GROUP BY r.family_member_id ORDER BY r.family_member_id) d
     WHERE fm.user_id = d.family_member_id AND d.n <> 0', jail_transition_rows(TG_OP));
  RETURN NULL;
END $$;
