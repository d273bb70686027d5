DROP TRIGGER IF EXISTS users_email_canonical_set ON users;
CREATE TRIGGER users_email_canonical_set BEFORE INSERT OR UPDATE OF "email" ON "users"
FOR EACH ROW EXECUTE FUNCTION users_email_canonical_set();
