DROP TRIGGER IF EXISTS lawyer_requests_facts_ins ON lawyer_requests;
CREATE TRIGGER lawyer_requests_facts_ins AFTER INSERT ON lawyer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_requests_facts_trg();
