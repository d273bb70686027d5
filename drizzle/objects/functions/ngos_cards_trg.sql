-- An NGO's details show on the card of every member it is assigned to.
CREATE OR REPLACE FUNCTION ngos_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_cards_refresh(ARRAY(SELECT a.family_member_id FROM ngo_assignments a WHERE a.ngo_id = NEW.id));
  RETURN NULL;
END $$;
