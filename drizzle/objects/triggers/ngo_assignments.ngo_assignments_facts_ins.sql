DROP TRIGGER IF EXISTS ngo_assignments_facts_ins ON ngo_assignments;
CREATE TRIGGER ngo_assignments_facts_ins AFTER INSERT ON ngo_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('has_ngo');
