DROP TRIGGER IF EXISTS documents_facts_upd ON documents;
CREATE TRIGGER documents_facts_upd AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_facts_trg();
