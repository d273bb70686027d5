DROP TRIGGER IF EXISTS cases_release_upd ON cases;
CREATE TRIGGER cases_release_upd AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_release_trg();
