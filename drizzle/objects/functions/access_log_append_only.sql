-- The access log is append-only (docs/decisions/0049-access-log.md): no row is changed, the table is
-- not truncated, and a row is deleted only once it is 365 days old (the DPDP Rules keep logs at least a
-- year; the retention job deletes after RETENTION_ACCESS_LOG_DAYS, never fewer than 365).
CREATE OR REPLACE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."at" > now() - interval '365 days' THEN
      RAISE EXCEPTION 'access_log: a row younger than 365 days cannot be deleted' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
