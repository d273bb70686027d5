-- The family's lawyer search page in one statement with the member's facts
-- (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md). The ranges of
-- docs/decisions/0016-lawyer-search-keyset-pages.md are read here, one (rank, case type) at a time,
-- each by a static query on its own index in (name, user_id) order from the cursor and cut at a page.
-- Static, so PL/pgSQL prepares each once per connection and keeps its plan: a statement written as
-- text and run with EXECUTE was planned on every call (up to nine UNION ALL branches), which cost
-- more than the reads themselves. Each query's plan is an ordered index read whatever the values:
-- the index's order is the query's order and the page is cut at `take` rows.
-- Rank 0: the member's district; 1: the member's state; 2: elsewhere (everyone when the member has no
-- location). Ranks before the cursor's are skipped; the cursor's rank starts after (after_name,
-- after_id), every other one at the start ('' sorts first and no id is the nil uuid). A rank is read
-- only while the ranks before it gave fewer than `take` rows. The caller sorts by (rank, name, id) and
-- cuts at `take`.
-- Verified lawyers only (docs/decisions/0048-lawyers-verified-before-families-see-them.md): each query
-- reads a partial index WHERE verified_at IS NOT NULL, so an unverified lawyer is never read.
CREATE OR REPLACE FUNCTION lawyer_search_rows(member uuid, member_state text, member_district text, case_types text[],
    after_rank int, after_name text, after_id uuid, take int)
  RETURNS TABLE ("id" uuid, "name" text, "phone" text, "address" text, "lawyer_type" text, "court_area" text,
    "state" text, "district" text, "rank" int)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  located boolean := member_state IS NOT NULL AND member_district IS NOT NULL;
  r int;
  t text;
  from_name text;
  from_id uuid;
  got bigint;
  total bigint := 0;
BEGIN
  FOR r IN 0..2 LOOP
    CONTINUE WHEN NOT located AND r < 2;
    CONTINUE WHEN after_rank IS NOT NULL AND r < after_rank;
    EXIT WHEN total >= take;
    IF after_rank IS NOT NULL AND r = after_rank THEN
      from_name := after_name;
      from_id := after_id;
    ELSE
      from_name := '';
      from_id := '00000000-0000-0000-0000-000000000000';
    END IF;
    FOREACH t IN ARRAY coalesce(case_types, '{}') LOOP
      IF r = 0 THEN
        RETURN QUERY SELECT l.user_id, l.name, l.phone, l.address, l.lawyer_type, l.court_area, l.state, l.district, 0
          FROM lawyers l
          WHERE l.lawyer_type = t AND l.state = member_state AND l.district = member_district
            AND l.verified_at IS NOT NULL AND (l.name, l.user_id) > (from_name, from_id)
            AND NOT EXISTS (SELECT 1 FROM lawyer_requests q WHERE q.lawyer_id = l.user_id AND q.family_member_id = member
              AND q.status IN ('pending', 'accepted'))
          ORDER BY l.name, l.user_id LIMIT take;
      ELSIF r = 1 THEN
        RETURN QUERY SELECT l.user_id, l.name, l.phone, l.address, l.lawyer_type, l.court_area, l.state, l.district, 1
          FROM lawyers l
          WHERE l.lawyer_type = t AND l.state = member_state AND l.district <> member_district
            AND l.verified_at IS NOT NULL AND (l.name, l.user_id) > (from_name, from_id)
            AND NOT EXISTS (SELECT 1 FROM lawyer_requests q WHERE q.lawyer_id = l.user_id AND q.family_member_id = member
              AND q.status IN ('pending', 'accepted'))
          ORDER BY l.name, l.user_id LIMIT take;
      ELSE
        RETURN QUERY SELECT l.user_id, l.name, l.phone, l.address, l.lawyer_type, l.court_area, l.state, l.district, 2
          FROM lawyers l
          WHERE l.lawyer_type = t AND (NOT located OR l.state IS DISTINCT FROM member_state)
            AND l.verified_at IS NOT NULL AND (l.name, l.user_id) > (from_name, from_id)
            AND NOT EXISTS (SELECT 1 FROM lawyer_requests q WHERE q.lawyer_id = l.user_id AND q.family_member_id = member
              AND q.status IN ('pending', 'accepted'))
          ORDER BY l.name, l.user_id LIMIT take;
      END IF;
      GET DIAGNOSTICS got = ROW_COUNT;
      total := total + got;
    END LOOP;
  END LOOP;
END $$;
