-- The rows a statement changed, signed: +1 for new rows, -1 for old ones (transition tables).
CREATE OR REPLACE FUNCTION jail_transition_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS s, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS s, * FROM old_rows'
    ELSE 'SELECT 1 AS s, * FROM new_rows UNION ALL SELECT -1 AS s, * FROM old_rows' END
$$;
