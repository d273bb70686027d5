DROP TRIGGER IF EXISTS family_members_copy_user ON family_members;
CREATE TRIGGER family_members_copy_user BEFORE INSERT OR UPDATE OF user_id, name, email ON family_members FOR EACH ROW EXECUTE FUNCTION family_members_copy_user_trg();
