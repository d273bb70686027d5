DROP TRIGGER IF EXISTS family_members_counts_del ON family_members;
CREATE TRIGGER family_members_counts_del AFTER DELETE ON family_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_counts_trg();
