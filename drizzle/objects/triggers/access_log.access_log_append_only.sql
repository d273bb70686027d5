DROP TRIGGER IF EXISTS access_log_append_only ON access_log;
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON "access_log" FOR EACH ROW EXECUTE FUNCTION access_log_append_only();
