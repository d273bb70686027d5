DROP TRIGGER IF EXISTS users_auth_changed ON users;
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_changed_notify('u', 'id');
