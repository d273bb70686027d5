DROP TRIGGER IF EXISTS cases_with_cards_ins ON cases;
CREATE TRIGGER cases_with_cards_ins AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
