DROP TRIGGER IF EXISTS family_members_counts_ins ON family_members;
CREATE TRIGGER family_members_counts_ins AFTER INSERT ON family_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_counts_trg();
