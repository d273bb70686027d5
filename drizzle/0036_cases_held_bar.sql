ALTER TABLE "cases" ADD COLUMN "other_cases_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each case counts the other cases of its prisoner Rihaai holds (registry: case-release-dates), and they bar
-- S.479's half and one-third rule (S.479(2)): exactly what storedRelease stores for a barred case (no
-- fraction, no eligibility date, no "eligible soon" window; the maximum and default bail unchanged). The
-- updates fire the cases' triggers, which move the members' flags and cards. Only where such cases exist:
-- on a new database the triggers are still the older migrations' until drizzle/objects is applied.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "cases" c JOIN "cases" o ON o."prisoner_id" = c."prisoner_id" AND o."id" <> c."id") THEN
    UPDATE "cases" c SET "other_cases_held" = h."n"
      FROM (SELECT "prisoner_id", count(*) - 1 AS "n" FROM "cases" WHERE "prisoner_id" IS NOT NULL GROUP BY "prisoner_id" HAVING count(*) > 1) h
      WHERE c."prisoner_id" = h."prisoner_id";
    UPDATE "cases" SET "s479_status" = 'barred', "s479_fraction" = NULL, "s479_eligible_on" = NULL, "s479_eligible_soon_from" = NULL
      WHERE "other_cases_held" > 0 AND "s479_status" = 'counting';
  END IF;
END $$;
