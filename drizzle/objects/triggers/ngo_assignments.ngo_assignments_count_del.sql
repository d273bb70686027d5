DROP TRIGGER IF EXISTS ngo_assignments_count_del ON ngo_assignments;
CREATE TRIGGER ngo_assignments_count_del AFTER DELETE ON ngo_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ngo_assigned_count_trg();
