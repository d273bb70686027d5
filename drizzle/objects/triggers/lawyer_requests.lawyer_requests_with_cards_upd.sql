DROP TRIGGER IF EXISTS lawyer_requests_with_cards_upd ON lawyer_requests;
CREATE TRIGGER lawyer_requests_with_cards_upd AFTER UPDATE ON lawyer_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('status', 'accepted', 'jail');
