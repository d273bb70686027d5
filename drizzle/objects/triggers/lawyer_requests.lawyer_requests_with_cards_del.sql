DROP TRIGGER IF EXISTS lawyer_requests_with_cards_del ON lawyer_requests;
CREATE TRIGGER lawyer_requests_with_cards_del AFTER DELETE ON lawyer_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('status', 'accepted', 'jail');
