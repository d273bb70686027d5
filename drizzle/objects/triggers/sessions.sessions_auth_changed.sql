DROP TRIGGER IF EXISTS sessions_auth_changed ON sessions;
CREATE TRIGGER sessions_auth_changed AFTER DELETE OR UPDATE OF id, user_id, expires_at ON sessions FOR EACH ROW EXECUTE FUNCTION auth_changed_notify('s', 'id');
