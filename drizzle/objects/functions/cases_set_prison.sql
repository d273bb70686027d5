-- A case carries its prisoner's prison (derived.ts 'case-prison'), so the UTRC list reads a prison's cases by
-- one index range (cases_bailable_custody_idx). Fires after cases_prisoner_default (trigger names sort), which
-- fills the prisoner of a case inserted without one.
CREATE OR REPLACE FUNCTION cases_set_prison() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."prison_id" := (SELECT p."prison_id" FROM "prisoners" p WHERE p."id" = NEW."prisoner_id");
  RETURN NEW;
END $$;
