-- Every case has its prisoner. A case inserted without one (older callers: the family's first screen
-- before it names the prisoner, test factories, the bench's seed) gets the member's prisoner of that
-- name, made on first use by the same rule as migration 0027's move of the
-- existing cases.
CREATE OR REPLACE FUNCTION cases_prisoner_default() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text := lower(btrim(coalesce(NEW."prisoner_name", ''))); pid uuid;
BEGIN
  IF NEW."prisoner_id" IS NOT NULL THEN RETURN NEW; END IF;
  SELECT f."prisoner_id" INTO pid FROM "prisoner_followers" f JOIN "prisoners" p ON p."id" = f."prisoner_id"
    WHERE f."family_member_id" = NEW."family_member_id" AND lower(btrim(p."name")) = k
    ORDER BY f."joined_at", f."prisoner_id" LIMIT 1;
  IF pid IS NULL THEN
    INSERT INTO "prisoners" ("name", "name_latin", "prison_id", "prison_other", "custody_since", "other_cases_elsewhere", "created_by")
    SELECT btrim(coalesce(NEW."prisoner_name", '')),
      CASE WHEN btrim(coalesce(NEW."prisoner_name", '')) ~ '^[ -~]*$' THEN btrim(coalesce(NEW."prisoner_name", '')) ELSE '' END,
      p."id", CASE WHEN p."id" IS NULL THEN nullif(btrim(coalesce(NEW."prison", '')), '') END,
      NEW."custody_since", NEW."other_pending_cases", NEW."family_member_id"
    FROM (SELECT 1) one LEFT JOIN "prisons" p ON lower(p."name") = lower(btrim(coalesce(NEW."prison", '')))
    RETURNING "id" INTO pid;
    INSERT INTO "prisoner_followers" ("prisoner_id", "family_member_id", "relation")
      VALUES (pid, NEW."family_member_id", btrim(coalesce(NEW."prisoner_relation", '')));
  END IF;
  NEW."prisoner_id" := pid;
  RETURN NEW;
END $$;
