DROP TRIGGER IF EXISTS ngo_assignments_with_cards_del ON ngo_assignments;
CREATE TRIGGER ngo_assignments_with_cards_del AFTER DELETE ON ngo_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
