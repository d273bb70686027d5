DROP TRIGGER IF EXISTS lawyer_requests_facts_del ON lawyer_requests;
CREATE TRIGGER lawyer_requests_facts_del AFTER DELETE ON lawyer_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_requests_facts_trg();
