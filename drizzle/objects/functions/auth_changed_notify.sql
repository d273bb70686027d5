-- Tells every instance that what a session's cached check read has changed (docs/decisions/0065-session-check-cache.md):
-- TG_ARGV[0] is 's' (the key is a session's id) or 'u' (a user's id), TG_ARGV[1] the column holding it.
CREATE OR REPLACE FUNCTION auth_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rihaai_auth', TG_ARGV[0] || ':' || (to_jsonb(CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END) ->> TG_ARGV[1]));
  RETURN NULL;
END $$;
