DROP TRIGGER IF EXISTS cases_set_prison ON cases;
CREATE TRIGGER cases_set_prison BEFORE INSERT OR UPDATE OF "prisoner_id" ON "cases" FOR EACH ROW EXECUTE FUNCTION cases_set_prison();
