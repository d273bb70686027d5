DROP TRIGGER IF EXISTS lawyer_requests_with_cards_ins ON lawyer_requests;
CREATE TRIGGER lawyer_requests_with_cards_ins AFTER INSERT ON lawyer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('status', 'accepted', 'jail');
