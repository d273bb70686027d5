DROP TRIGGER IF EXISTS bail_reviews_with_cards_ins ON bail_reviews;
CREATE TRIGGER bail_reviews_with_cards_ins AFTER INSERT ON bail_reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
