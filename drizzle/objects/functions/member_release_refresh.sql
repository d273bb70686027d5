-- As drizzle/0006_release_custody.sql, "eligible soon" now read from the stored first day of the window.
-- A case on bail (the order recorded by the clock's day, or the member's Bail-Accept) counts for no filter:
-- the way out is the bond and the sureties, not an application (src/shared/bail-timeline.ts).
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
      AND (c."bail_granted_on" IS NULL OR c."bail_granted_on" > d)
      AND NOT EXISTS (SELECT 1 FROM "bail_reviews" b WHERE b."family_member_id" = m.id)
    GROUP BY m.id ORDER BY m.id
  ) f
  WHERE fm."user_id" = f.id
    AND (fm."release_eligible_now", fm."release_eligible_soon", fm."release_default_bail_due", fm."release_past_maximum")
      IS DISTINCT FROM (f.e_now, f.e_soon, f.bail_due, f.past_max);
END $$;
