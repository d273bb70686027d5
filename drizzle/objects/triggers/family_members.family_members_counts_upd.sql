DROP TRIGGER IF EXISTS family_members_counts_upd ON family_members;
CREATE TRIGGER family_members_counts_upd AFTER UPDATE ON family_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_counts_trg();
