DROP TRIGGER IF EXISTS documents_with_cards_upd ON documents;
CREATE TRIGGER documents_with_cards_upd AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('kind', 'bail_paper');
