DROP TRIGGER IF EXISTS documents_facts_del ON documents;
CREATE TRIGGER documents_facts_del AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_facts_trg();
