DROP TRIGGER IF EXISTS cases_member_prison_del ON cases;
CREATE TRIGGER cases_member_prison_del AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_member_prison_trg();
