-- Child tables add their signed deltas to the member's columns (col = col + delta stays exact under
-- concurrency: the update re-reads the latest row version).
CREATE OR REPLACE FUNCTION lawyer_requests_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE family_members fm SET accepted_lawyers = fm.accepted_lawyers + d.acc, pending_lawyers = fm.pending_lawyers + d.pen
     FROM (SELECT r.family_member_id, sum(r.s * (r.status = ''accepted'')::int) AS acc, sum(r.s * (r.status = ''pending'')::int) AS pen
           FROM (%s) r GROUP BY r.family_member_id ORDER BY r.family_member_id) d
     WHERE fm.user_id = d.family_member_id AND (d.acc <> 0 OR d.pen <> 0)', jail_transition_rows(TG_OP));
  RETURN NULL;
END $$;
