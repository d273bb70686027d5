DROP TRIGGER IF EXISTS bail_reviews_with_cards_del ON bail_reviews;
CREATE TRIGGER bail_reviews_with_cards_del AFTER DELETE ON bail_reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
