DROP TRIGGER IF EXISTS member_case_types_counts_upd ON member_case_types;
CREATE TRIGGER member_case_types_counts_upd AFTER UPDATE ON member_case_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_case_types_counts_trg();
