DROP TRIGGER IF EXISTS bail_reviews_release_del ON bail_reviews;
CREATE TRIGGER bail_reviews_release_del AFTER DELETE ON bail_reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_release_trg();
