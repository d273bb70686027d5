CREATE OR REPLACE FUNCTION rihaai_canonical_email(address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN split_part(lower(address), '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(lower(address), '@', 1), '+', 1), '.', '') || '@gmail.com'
    ELSE lower(address)
  END
$$;
