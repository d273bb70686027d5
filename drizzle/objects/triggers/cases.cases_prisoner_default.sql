DROP TRIGGER IF EXISTS cases_prisoner_default ON cases;
CREATE TRIGGER cases_prisoner_default BEFORE INSERT ON "cases" FOR EACH ROW EXECUTE FUNCTION cases_prisoner_default();
