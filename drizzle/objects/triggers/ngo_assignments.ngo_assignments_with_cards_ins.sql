DROP TRIGGER IF EXISTS ngo_assignments_with_cards_ins ON ngo_assignments;
CREATE TRIGGER ngo_assignments_with_cards_ins AFTER INSERT ON ngo_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
