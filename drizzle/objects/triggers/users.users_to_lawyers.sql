DROP TRIGGER IF EXISTS users_to_lawyers ON users;
CREATE TRIGGER users_to_lawyers AFTER UPDATE OF name ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION users_to_lawyers_trg();
