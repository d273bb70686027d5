-- An NGO's details show on the card of every member it is assigned to. Each card holds the NGO as the
-- same JSON text (member_card's and member_client_card's "ngo"), so an edit swaps the old text for the
-- new in the stored cards rather than building each card again: an NGO with 5,000 members was rebuilt
-- card by card in seconds (docs/decisions/0051-owner-edits-swap-their-text.md). The jail card's NGO
-- starts with the NGO's id and the client card's with "ngo": — each occurs once in its card.
CREATE OR REPLACE FUNCTION ngos_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  jail_old text := (SELECT row_to_json(n)::text FROM (SELECT OLD.id AS "id", OLD.name AS "name", OLD.address AS "address",
    OLD.contact_info AS "contactInfo", OLD.report AS "report") n);
  jail_new text := (SELECT row_to_json(n)::text FROM (SELECT NEW.id AS "id", NEW.name AS "name", NEW.address AS "address",
    NEW.contact_info AS "contactInfo", NEW.report AS "report") n);
  client_old text := '"ngo":' || (SELECT row_to_json(n)::text FROM (SELECT OLD.name AS "name", coalesce(OLD.contact_info, '') AS "contactInfo") n);
  client_new text := '"ngo":' || (SELECT row_to_json(n)::text FROM (SELECT NEW.name AS "name", coalesce(NEW.contact_info, '') AS "contactInfo") n);
  ids uuid[];
BEGIN
  ids := ARRAY(SELECT a.family_member_id FROM ngo_assignments a WHERE a.ngo_id = NEW.id ORDER BY 1);
  IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
  IF OLD.id IS DISTINCT FROM NEW.id THEN
    PERFORM member_cards_refresh(ids);
    RETURN NULL;
  END IF;
  -- As member_cards_refresh locks: in the members' order, NO KEY UPDATE.
  PERFORM 1 FROM "family_members" WHERE "user_id" = ANY(ids) ORDER BY "user_id" FOR NO KEY UPDATE;
  IF jail_old IS DISTINCT FROM jail_new THEN
    UPDATE "jail_cards" SET "card" = replace("card", jail_old, jail_new) WHERE "member_id" = ANY(ids);
  END IF;
  IF client_old IS DISTINCT FROM client_new THEN
    UPDATE "client_cards" SET "card" = replace("card", client_old, client_new) WHERE "family_member_id" = ANY(ids);
  END IF;
  RETURN NULL;
END $$;
