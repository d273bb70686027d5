DROP TRIGGER IF EXISTS bail_reviews_facts_ins ON bail_reviews;
CREATE TRIGGER bail_reviews_facts_ins AFTER INSERT ON bail_reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('bail_accepted');
