DROP TRIGGER IF EXISTS cases_with_cards_upd ON cases;
CREATE TRIGGER cases_with_cards_upd AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
