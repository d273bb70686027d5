DROP TRIGGER IF EXISTS member_case_types_counts_ins ON member_case_types;
CREATE TRIGGER member_case_types_counts_ins AFTER INSERT ON member_case_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_case_types_counts_trg();
