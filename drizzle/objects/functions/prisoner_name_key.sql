-- A name's search key (docs/decisions/0046-prisoner-and-prisons.md#search): its consonants in order, from
-- the name in Latin letters (any-ascii in shared/names.ts), so "रमेश" (rmes) and "Ramesh" meet at "rms".
-- The query's key is made by the same function.
CREATE OR REPLACE FUNCTION prisoner_name_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    translate(lower(coalesce(t, '')), 'gqzw', 'kkjv'),
    '[^a-z ]', '', 'g'),            -- letters and spaces only
    '([^ aeiouy])h', '\1', 'g'),    -- aspirates and sh: kh -> k, sh -> s
    '(^| )[aeiouy]+', '\1a', 'g'),  -- a word's first vowels: a
    '([a-z])[aeiouy]+', '\1', 'g'), -- other vowels go
    '([a-z])\1+|( ) +', '\1\2', 'g'))  -- doubled letters and spaces once
$$;
