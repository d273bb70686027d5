DROP TRIGGER IF EXISTS member_case_types_counts_del ON member_case_types;
CREATE TRIGGER member_case_types_counts_del AFTER DELETE ON member_case_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_case_types_counts_trg();
