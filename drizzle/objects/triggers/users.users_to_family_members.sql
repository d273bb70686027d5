DROP TRIGGER IF EXISTS users_to_family_members ON users;
CREATE TRIGGER users_to_family_members AFTER UPDATE OF name, email ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION users_to_family_members_trg();
