DROP TRIGGER IF EXISTS access_log_no_truncate ON access_log;
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON "access_log" FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only();
