-- The "eligible soon" window leaves SQL: each case stores the first day of it, s479_eligible_soon_from
-- (its S.479 date minus ELIGIBLE_SOON_DAYS, computed by storedRelease in src/shared/cases.ts with the
-- constant in src/shared/release.ts), and the member flags and the daily pass compare that stored date
-- with the clock, as they already did for the other stored dates. The functions below hold no rule and
-- no number of days (docs/decisions/0036-law-in-one-module.md); changing the window is an edit of the
-- constant followed by `npm run release:recompute`, which re-stores this column from TypeScript (the
-- cases trigger then recomputes the flags).
ALTER TABLE "cases" ADD COLUMN "s479_eligible_soon_from" date;
--> statement-breakpoint
-- Existing rows, once, with the window's value when this migration was written (30 days, as
-- ELIGIBLE_SOON_DAYS then): every later write stores it from TypeScript, and release:recompute
-- repairs any row if the constant has changed since. The flags do not move: the same window as before.
UPDATE "cases" SET "s479_eligible_soon_from" = "s479_eligible_on" - 30 WHERE "s479_eligible_on" IS NOT NULL;
--> statement-breakpoint
-- The daily pass finds the cases whose window opens in the days it moves over.
CREATE INDEX "cases_s479_eligible_soon_from_idx" ON "cases" ("s479_eligible_soon_from", "family_member_id") WHERE "s479_eligible_soon_from" IS NOT NULL;
--> statement-breakpoint
-- As drizzle/0006_release_custody.sql, "eligible soon" now read from the stored first day of the window.
CREATE OR REPLACE FUNCTION member_release_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  SELECT "as_of" INTO d FROM "release_clock" FOR SHARE;
  UPDATE "family_members" fm SET
    "release_eligible_now" = f.e_now, "release_eligible_soon" = f.e_soon,
    "release_default_bail_due" = f.bail_due, "release_past_maximum" = f.past_max
  FROM (
    SELECT m.id,
      coalesce(bool_or(c."s479_eligible_on" <= d), false) AS e_now,
      coalesce(bool_or(c."s479_eligible_on" > d AND c."s479_eligible_soon_from" <= d), false) AS e_soon,
      coalesce(bool_or(c."default_bail_eligible_on" <= d AND (c."chargesheet_filed_on" IS NULL OR c."chargesheet_filed_on" > d)), false) AS bail_due,
      coalesce(bool_or(c."maximum_ends_on" <= d), false) AS past_max
    FROM (SELECT DISTINCT u AS id FROM unnest(ids) AS u) m
    LEFT JOIN "cases" c ON c."family_member_id" = m.id AND (c."released_on" IS NULL OR c."released_on" > d)
    GROUP BY m.id ORDER BY m.id
  ) f
  WHERE fm."user_id" = f.id
    AND (fm."release_eligible_now", fm."release_eligible_soon", fm."release_default_bail_due", fm."release_past_maximum")
      IS DISTINCT FROM (f.e_now, f.e_soon, f.bail_due, f.past_max);
END $$;
--> statement-breakpoint
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
  ) x;
  PERFORM member_release_refresh(ids);
  RETURN cardinality(ids);
END $$;
