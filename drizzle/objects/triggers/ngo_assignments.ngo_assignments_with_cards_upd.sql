DROP TRIGGER IF EXISTS ngo_assignments_with_cards_upd ON ngo_assignments;
CREATE TRIGGER ngo_assignments_with_cards_upd AFTER UPDATE ON ngo_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
