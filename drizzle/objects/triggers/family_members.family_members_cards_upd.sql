DROP TRIGGER IF EXISTS family_members_cards_upd ON family_members;
CREATE TRIGGER family_members_cards_upd AFTER UPDATE ON family_members FOR EACH ROW WHEN ((OLD.name, OLD.email, OLD.phone, OLD.address, OLD.stage) IS DISTINCT FROM (NEW.name, NEW.email, NEW.phone, NEW.address, NEW.stage)) EXECUTE FUNCTION family_members_cards_trg();
