-- A prisoner moved to another prison (or off a listed one) moves the prison their cases carry (derived.ts 'case-prison').
CREATE OR REPLACE FUNCTION prisoners_cases_prison_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cases" SET "prison_id" = NEW."prison_id" WHERE "prisoner_id" = NEW."id" AND "prison_id" IS DISTINCT FROM NEW."prison_id";
  RETURN NULL;
END $$;
