DROP TRIGGER IF EXISTS prisoners_cases_prison ON prisoners;
CREATE TRIGGER prisoners_cases_prison AFTER UPDATE OF "prison_id" ON "prisoners" FOR EACH ROW WHEN (OLD."prison_id" IS DISTINCT FROM NEW."prison_id") EXECUTE FUNCTION prisoners_cases_prison_trg();
