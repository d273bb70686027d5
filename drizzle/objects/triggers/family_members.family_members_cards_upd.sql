DROP TRIGGER IF EXISTS family_members_cards_upd ON family_members;
CREATE TRIGGER family_members_cards_upd AFTER UPDATE ON family_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_cards_trg();
