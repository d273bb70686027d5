DROP TRIGGER IF EXISTS second_factors_auth_changed ON second_factors;
CREATE TRIGGER second_factors_auth_changed AFTER INSERT OR UPDATE OF user_id, enabled_at OR DELETE ON second_factors FOR EACH ROW EXECUTE FUNCTION auth_changed_notify('u', 'user_id');
