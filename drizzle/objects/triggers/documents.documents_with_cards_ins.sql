DROP TRIGGER IF EXISTS documents_with_cards_ins ON documents;
CREATE TRIGGER documents_with_cards_ins AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('kind', 'bail_paper');
