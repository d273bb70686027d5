DROP TRIGGER IF EXISTS session_second_factors_auth_changed ON session_second_factors;
CREATE TRIGGER session_second_factors_auth_changed AFTER INSERT OR UPDATE OR DELETE ON session_second_factors FOR EACH ROW EXECUTE FUNCTION auth_changed_notify('s', 'session_id');
