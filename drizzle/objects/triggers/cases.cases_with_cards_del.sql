DROP TRIGGER IF EXISTS cases_with_cards_del ON cases;
CREATE TRIGGER cases_with_cards_del AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
