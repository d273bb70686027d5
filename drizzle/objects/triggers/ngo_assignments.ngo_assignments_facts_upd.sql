DROP TRIGGER IF EXISTS ngo_assignments_facts_upd ON ngo_assignments;
CREATE TRIGGER ngo_assignments_facts_upd AFTER UPDATE ON ngo_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('has_ngo');
