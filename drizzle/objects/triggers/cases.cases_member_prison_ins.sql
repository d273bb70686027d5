DROP TRIGGER IF EXISTS cases_member_prison_ins ON cases;
CREATE TRIGGER cases_member_prison_ins AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_member_prison_trg();
