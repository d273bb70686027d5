CREATE OR REPLACE FUNCTION ngo_assigned_count_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE ngos g SET assigned_count = g.assigned_count - o.n
      FROM (SELECT ngo_id, count(*)::int AS n FROM old_rows GROUP BY ngo_id) o WHERE g.id = o.ngo_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE ngos g SET assigned_count = g.assigned_count + c.n
      FROM (SELECT ngo_id, count(*)::int AS n FROM new_rows GROUP BY ngo_id) c WHERE g.id = c.ngo_id;
  END IF;
  RETURN NULL;
END $$;
