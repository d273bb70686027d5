DROP TRIGGER IF EXISTS documents_facts_ins ON documents;
CREATE TRIGGER documents_facts_ins AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_facts_trg();
