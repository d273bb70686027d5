-- Child tables add their signed deltas to the member's columns (col = col + delta stays exact under
-- concurrency: the update re-reads the latest row version). One static statement per operation (each
-- sees different transition tables), so PL/pgSQL keeps their plans
-- (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION lawyer_requests_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE family_members fm SET accepted_lawyers = fm.accepted_lawyers + d.acc, pending_lawyers = fm.pending_lawyers + d.pen
    FROM (SELECT r.family_member_id, sum(r.s * (r.status = 'accepted')::int) AS acc, sum(r.s * (r.status = 'pending')::int) AS pen FROM (SELECT 1 AS s, n.family_member_id, n.status FROM new_rows n) r
      GROUP BY r.family_member_id ORDER BY r.family_member_id) d
    WHERE fm.user_id = d.family_member_id AND (d.acc <> 0 OR d.pen <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE family_members fm SET accepted_lawyers = fm.accepted_lawyers + d.acc, pending_lawyers = fm.pending_lawyers + d.pen
    FROM (SELECT r.family_member_id, sum(r.s * (r.status = 'accepted')::int) AS acc, sum(r.s * (r.status = 'pending')::int) AS pen FROM (SELECT -1 AS s, o.family_member_id, o.status FROM old_rows o) r
      GROUP BY r.family_member_id ORDER BY r.family_member_id) d
    WHERE fm.user_id = d.family_member_id AND (d.acc <> 0 OR d.pen <> 0);
  ELSE
    UPDATE family_members fm SET accepted_lawyers = fm.accepted_lawyers + d.acc, pending_lawyers = fm.pending_lawyers + d.pen
    FROM (SELECT r.family_member_id, sum(r.s * (r.status = 'accepted')::int) AS acc, sum(r.s * (r.status = 'pending')::int) AS pen FROM (SELECT 1 AS s, n.family_member_id, n.status FROM new_rows n UNION ALL SELECT -1, o.family_member_id, o.status FROM old_rows o) r
      GROUP BY r.family_member_id ORDER BY r.family_member_id) d
    WHERE fm.user_id = d.family_member_id AND (d.acc <> 0 OR d.pen <> 0);
  END IF;
  RETURN NULL;
END $$;
