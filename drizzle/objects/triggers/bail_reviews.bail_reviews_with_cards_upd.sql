DROP TRIGGER IF EXISTS bail_reviews_with_cards_upd ON bail_reviews;
CREATE TRIGGER bail_reviews_with_cards_upd AFTER UPDATE ON bail_reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
