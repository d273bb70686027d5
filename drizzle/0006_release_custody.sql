-- The release tracker's four dashboard filters ("eligible now", "eligible within 30 days", "default
-- bail due", "past the maximum") as stored member flags, counted in jail_counts like every other filter
-- (docs/decisions/0009-jail-dashboard-at-scale.md), and only for people still in custody: a case whose
-- release date has come (released_on) counts for none of them.
--
-- What depends on "today" is compared with release_clock.as_of, one stored day. A change to a case
-- recomputes its member's flags in the same statement (trigger); the daily pass
-- (release_clock_advance, called by the deadline pass and by the dashboard when the day has turned)
-- moves the day and recomputes only the members whose dates fall between the old day and the new one,
-- found by index ranges. So the flags and counts stay exact and no read or pass scans every member.
CREATE TABLE "release_clock" (
  "id" boolean PRIMARY KEY DEFAULT true NOT NULL,
  "as_of" date NOT NULL,
  CONSTRAINT "release_clock_one_row" CHECK ("id")
);
--> statement-breakpoint
INSERT INTO "release_clock" ("id", "as_of") VALUES (true, (now() AT TIME ZONE 'Asia/Kolkata')::date);
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "release_eligible_now" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "release_eligible_soon" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "release_default_bail_due" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "release_past_maximum" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "family_members_release_eligible_now_idx" ON "family_members" ("name", "user_id") WHERE "release_eligible_now";
--> statement-breakpoint
CREATE INDEX "family_members_release_eligible_soon_idx" ON "family_members" ("name", "user_id") WHERE "release_eligible_soon";
--> statement-breakpoint
CREATE INDEX "family_members_release_default_bail_due_idx" ON "family_members" ("name", "user_id") WHERE "release_default_bail_due";
--> statement-breakpoint
CREATE INDEX "family_members_release_past_maximum_idx" ON "family_members" ("name", "user_id") WHERE "release_past_maximum";
--> statement-breakpoint
-- The daily pass finds the cases whose charge-sheet or release date falls in the days it moves over.
CREATE INDEX "cases_chargesheet_due_idx" ON "cases" ("chargesheet_filed_on", "family_member_id") WHERE "default_bail_eligible_on" IS NOT NULL AND "chargesheet_filed_on" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "cases_released_on_idx" ON "cases" ("released_on", "family_member_id") WHERE "released_on" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION family_member_count_keys(m jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    'all',
    CASE WHEN (m->>'no_lawyer')::boolean THEN 'no-lawyer' END,
    CASE WHEN NOT (m->>'has_ngo')::boolean THEN 'no-ngo' END,
    CASE WHEN (m->>'bail_waiting')::boolean THEN 'bail-waiting' END,
    CASE WHEN (m->>'bail_accepted')::boolean THEN 'bail-accepted' END,
    'stage:' || (m->>'stage'),
    CASE WHEN (m->>'release_eligible_now')::boolean THEN 'eligible-now' END,
    CASE WHEN (m->>'release_eligible_soon')::boolean THEN 'eligible-30-days' END,
    CASE WHEN (m->>'release_default_bail_due')::boolean THEN 'default-bail-due' END,
    CASE WHEN (m->>'release_past_maximum')::boolean THEN 'past-maximum' END
  ], NULL)
$$;
--> statement-breakpoint
-- The members' flags from their cases still in custody, on the clock's day; writes only what changed
-- (the family_members counts trigger then moves jail_counts). The clock row is read FOR SHARE: a pass
-- moving the day waits for this transaction, and this one for a pass, so neither misses the other.
CREATE FUNCTION member_release_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
      coalesce(bool_or(c."s479_eligible_on" > d AND c."s479_eligible_on" <= d + 30), false) AS e_soon,
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
CREATE FUNCTION cases_release_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  EXECUTE format('SELECT coalesce(array_agg(DISTINCT r.family_member_id), ''{}'') FROM (%s) r', jail_transition_rows(TG_OP)) INTO ids;
  PERFORM member_release_refresh(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_release_ins AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_release_trg();
--> statement-breakpoint
CREATE TRIGGER cases_release_upd AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_release_trg();
--> statement-breakpoint
CREATE TRIGGER cases_release_del AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_release_trg();
--> statement-breakpoint
-- The daily pass: moves the clock to `today` (either way) and recomputes the members with a date in
-- between — each date column read by an index range, so the cost follows the cases whose status
-- turns, not the number of members. Returns how many members were recomputed.
CREATE FUNCTION release_clock_advance(today date) RETURNS integer LANGUAGE plpgsql AS $$
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
    SELECT "family_member_id" FROM "cases" WHERE "s479_eligible_on" > lo + 30 AND "s479_eligible_on" <= hi + 30
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
--> statement-breakpoint
-- Existing data: the flags once (their counters follow through the family_members trigger).
SELECT member_release_refresh(coalesce(array_agg("user_id"), '{}')) FROM "family_members";
