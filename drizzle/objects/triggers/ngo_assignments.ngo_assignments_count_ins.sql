DROP TRIGGER IF EXISTS ngo_assignments_count_ins ON ngo_assignments;
CREATE TRIGGER ngo_assignments_count_ins AFTER INSERT ON ngo_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ngo_assigned_count_trg();
