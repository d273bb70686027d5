DROP TRIGGER IF EXISTS documents_with_cards_del ON documents;
CREATE TRIGGER documents_with_cards_del AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('kind', 'bail_paper');
