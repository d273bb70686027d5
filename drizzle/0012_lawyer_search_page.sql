-- Issue 10: the family's lawyer search page in one statement with the member's facts
-- (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md). The ranges of
-- docs/decisions/0016-lawyer-search-keyset-pages.md are built here from the member's case types and
-- prison location and run as dynamic SQL, so each is planned with the actual type, state and district,
-- as it was when the server sent them: planned with values unknown (a lateral join on the member's
-- row) the planner guessed a district holds a few lawyers and read and sorted all of them, a cost
-- growing with the table, where the index in (name, user_id) order stops at a page.
-- Rank 0: the member's district; 1: the member's state; 2: elsewhere (everything without a location).
-- Ranks before the cursor's are skipped; the cursor's rank starts after (after_name, after_id).
-- lawyer_search_sql writes the page's statement (null when no range applies: no case type);
-- lawyer_search_rows runs it. Tests EXPLAIN the written statement, which a plan of the caller hides.
CREATE FUNCTION lawyer_search_sql(member uuid, member_state text, member_district text, case_types text[],
    after_rank int, after_name text, after_id uuid, take int)
  RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  located boolean := member_state IS NOT NULL AND member_district IS NOT NULL;
  ranges text[] := '{}';
  place text;
  r int;
  t text;
BEGIN
  FOR r IN 0..2 LOOP
    CONTINUE WHEN NOT located AND r < 2;
    CONTINUE WHEN after_rank IS NOT NULL AND r < after_rank;
    place := CASE
      WHEN NOT located THEN 'true'
      WHEN r = 0 THEN format('l.state = %L AND l.district = %L', member_state, member_district)
      WHEN r = 1 THEN format('l.state = %L AND l.district <> %L', member_state, member_district)
      ELSE format('l.state IS DISTINCT FROM %L', member_state) END;
    IF after_rank IS NOT NULL AND r = after_rank THEN
      place := place || format(' AND (l.name, l.user_id) > (%L, %L::uuid)', after_name, after_id);
    END IF;
    FOREACH t IN ARRAY coalesce(case_types, '{}') LOOP
      ranges := ranges || format(
        '(SELECT l.user_id, l.name, l.phone, l.address, l.lawyer_type, l.court_area, l.state, l.district, %s
          FROM lawyers l WHERE l.lawyer_type = %L AND %s
            AND NOT EXISTS (SELECT 1 FROM lawyer_requests q WHERE q.lawyer_id = l.user_id AND q.family_member_id = %L
              AND q.status IN (''pending'', ''accepted''))
          ORDER BY l.name, l.user_id LIMIT %s)', r, t, place, member, take);
    END LOOP;
  END LOOP;
  IF cardinality(ranges) = 0 THEN RETURN NULL; END IF;
  RETURN format('SELECT * FROM (%s) u ORDER BY 9, 2, 1 LIMIT %s', array_to_string(ranges, ' UNION ALL '), take);
END $$;
--> statement-breakpoint
CREATE FUNCTION lawyer_search_rows(member uuid, member_state text, member_district text, case_types text[],
    after_rank int, after_name text, after_id uuid, take int)
  RETURNS TABLE ("id" uuid, "name" text, "phone" text, "address" text, "lawyer_type" text, "court_area" text,
    "state" text, "district" text, "rank" int)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  statement text := lawyer_search_sql(member, member_state, member_district, case_types, after_rank, after_name, after_id, take);
BEGIN
  IF statement IS NOT NULL THEN RETURN QUERY EXECUTE statement; END IF;
END $$;
