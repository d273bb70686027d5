DROP TRIGGER IF EXISTS lawyers_copy_user ON lawyers;
CREATE TRIGGER lawyers_copy_user BEFORE INSERT OR UPDATE OF user_id, name ON lawyers FOR EACH ROW EXECUTE FUNCTION lawyers_copy_user_trg();
