-- As drizzle/0006_release_custody.sql, the window's opening day read by its own index range.
CREATE OR REPLACE FUNCTION release_clock_advance(today date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE prev date; lo date; hi date; ids uuid[];
BEGIN
  SELECT "as_of" INTO prev FROM "release_clock" FOR UPDATE;
  IF prev = today THEN RETURN 0; END IF;
  lo := least(prev, today);
  hi := greatest(prev, today);
  UPDATE "release_clock" SET "as_of" = today;
  SELECT coalesce(array_agg(DISTINCT x.id), '{}') INTO ids FROM (
    SELECT "family_member_id" AS id FROM "cases" WHERE "s479_eligible_on" > lo AND "s479_eligible_on" <= hi
    UNION ALL
    SELECT "family_member_id" FROM "cases" WHERE "s479_eligible_soon_from" > lo AND "s479_eligible_soon_from" <= hi
    UNION ALL
    SELECT "family_member_id" FROM "cases" WHERE "default_bail_eligible_on" > lo AND "default_bail_eligible_on" <= hi
    UNION ALL
    SELECT "family_member_id" FROM "cases"
      WHERE "chargesheet_filed_on" > lo AND "chargesheet_filed_on" <= hi AND "default_bail_eligible_on" IS NOT NULL
    UNION ALL
    SELECT "family_member_id" FROM "cases" WHERE "maximum_ends_on" > lo AND "maximum_ends_on" <= hi
    UNION ALL
    SELECT "family_member_id" FROM "cases" WHERE "released_on" > lo AND "released_on" <= hi
    UNION ALL
    -- cases_bailed_not_released_idx: a bail order whose day the clock passes.
    SELECT "family_member_id" FROM "cases" WHERE "bail_granted_on" > lo AND "bail_granted_on" <= hi AND "released_on" IS NULL
  ) x;
  PERFORM member_release_refresh(ids);
  RETURN cardinality(ids);
END $$;
