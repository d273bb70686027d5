DROP TRIGGER IF EXISTS cases_member_prison_upd ON cases;
CREATE TRIGGER cases_member_prison_upd AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_member_prison_trg();
