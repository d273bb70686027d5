-- One row per member at most (primary key), so the flag is simply whether the row exists. TG_ARGV[0]
-- names the flag: 'has_ngo' (ngo_assignments) or 'bail_accepted' (bail_reviews); a new flag is a new
-- line in each update. One static statement per operation (each sees different transition tables), so
-- PL/pgSQL keeps their plans (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION member_flag_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE family_members fm SET
      has_ngo = CASE WHEN TG_ARGV[0] = 'has_ngo' THEN d.n > 0 ELSE fm.has_ngo END,
      bail_accepted = CASE WHEN TG_ARGV[0] = 'bail_accepted' THEN d.n > 0 ELSE fm.bail_accepted END
    FROM (SELECT r.family_member_id, sum(r.s) AS n FROM (SELECT 1 AS s, n.family_member_id FROM new_rows n) r
      GROUP BY r.family_member_id ORDER BY r.family_member_id) d
    WHERE fm.user_id = d.family_member_id AND d.n <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE family_members fm SET
      has_ngo = CASE WHEN TG_ARGV[0] = 'has_ngo' THEN d.n > 0 ELSE fm.has_ngo END,
      bail_accepted = CASE WHEN TG_ARGV[0] = 'bail_accepted' THEN d.n > 0 ELSE fm.bail_accepted END
    FROM (SELECT r.family_member_id, sum(r.s) AS n FROM (SELECT -1 AS s, o.family_member_id FROM old_rows o) r
      GROUP BY r.family_member_id ORDER BY r.family_member_id) d
    WHERE fm.user_id = d.family_member_id AND d.n <> 0;
  ELSE
    UPDATE family_members fm SET
      has_ngo = CASE WHEN TG_ARGV[0] = 'has_ngo' THEN d.n > 0 ELSE fm.has_ngo END,
      bail_accepted = CASE WHEN TG_ARGV[0] = 'bail_accepted' THEN d.n > 0 ELSE fm.bail_accepted END
    FROM (SELECT r.family_member_id, sum(r.s) AS n FROM (SELECT 1 AS s, n.family_member_id FROM new_rows n UNION ALL SELECT -1, o.family_member_id FROM old_rows o) r
      GROUP BY r.family_member_id ORDER BY r.family_member_id) d
    WHERE fm.user_id = d.family_member_id AND d.n <> 0;
  END IF;
  RETURN NULL;
END $$;
