DROP TRIGGER IF EXISTS bail_reviews_facts_upd ON bail_reviews;
CREATE TRIGGER bail_reviews_facts_upd AFTER UPDATE ON bail_reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('bail_accepted');
