DROP TRIGGER IF EXISTS bail_reviews_release_ins ON bail_reviews;
CREATE TRIGGER bail_reviews_release_ins AFTER INSERT ON bail_reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_release_trg();
