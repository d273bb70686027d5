DROP TRIGGER IF EXISTS ngos_cards ON ngos;
CREATE TRIGGER ngos_cards AFTER UPDATE OF id, name, address, contact_info, report ON ngos FOR EACH ROW
  WHEN ((OLD.id, OLD.name, OLD.address, OLD.contact_info, OLD.report) IS DISTINCT FROM (NEW.id, NEW.name, NEW.address, NEW.contact_info, NEW.report))
  EXECUTE FUNCTION ngos_cards_trg();
