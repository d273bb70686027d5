ALTER TABLE "cases" ADD COLUMN "other_cases_held" integer DEFAULT 0 NOT NULL;
-- The existing cases are counted, and barred under S.479(2) where their prisoner has several, once the
-- current functions and triggers are in place (src/server/db/migrate.ts DATA_MOVES): here the triggers
-- the cases' update would fire are still the numbered migrations' versions.
