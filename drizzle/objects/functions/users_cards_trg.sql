-- A lawyer's or uploader's name or role (a member's own name reaches the card through family_members).
-- The cards hold them as JSON text: an accepted lawyer as {"id","name"} (the jail card's "lawyers") and
-- a paper's uploader as {"id","name","role"} (both cards' documents), each starting with the user's id.
-- A rename swaps the old text for the new in the stored cards rather than building each card again (a
-- lawyer with 2,000 clients was rebuilt card by card in seconds; docs/decisions/0051-owner-edits-swap-their-text.md).
-- An uploader whose name becomes or stops being empty appears or disappears from the papers: those
-- members' cards are built again whole.
CREATE OR REPLACE FUNCTION users_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lawyer_old text := (SELECT row_to_json(l)::text FROM (SELECT OLD.id AS "id", OLD.name AS "name") l);
  lawyer_new text := (SELECT row_to_json(l)::text FROM (SELECT NEW.id AS "id", NEW.name AS "name") l);
  who_old text := CASE WHEN OLD.name <> '' THEN
    (SELECT row_to_json(w)::text FROM (SELECT OLD.id AS "id", OLD.name AS "name", OLD.role AS "role") w) END;
  who_new text := CASE WHEN NEW.name <> '' THEN
    (SELECT row_to_json(w)::text FROM (SELECT NEW.id AS "id", NEW.name AS "name", NEW.role AS "role") w) END;
  clients uuid[] := ARRAY(SELECT r.family_member_id FROM lawyer_requests r WHERE r.lawyer_id = NEW.id AND r.status = 'accepted');
  uploads uuid[] := ARRAY(SELECT d.family_member_id FROM documents d WHERE d.uploaded_by = NEW.id AND d.kind = 'bail_paper');
  ids uuid[];
BEGIN
  ids := ARRAY(SELECT DISTINCT x FROM unnest(clients || uploads) x ORDER BY 1);
  IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
  -- As member_cards_refresh locks: in the members' order, NO KEY UPDATE, all of them before any write.
  PERFORM 1 FROM "family_members" WHERE "user_id" = ANY(ids) ORDER BY "user_id" FOR NO KEY UPDATE;
  IF who_old IS NULL OR who_new IS NULL THEN
    PERFORM member_cards_refresh(ARRAY(SELECT DISTINCT x FROM unnest(uploads) x ORDER BY 1));
  END IF;
  UPDATE "jail_cards" SET "card" = CASE WHEN who_old IS NULL OR who_new IS NULL
      THEN replace("card", lawyer_old, lawyer_new)
      ELSE replace(replace("card", lawyer_old, lawyer_new), who_old, who_new) END
    WHERE "member_id" = ANY(ids);
  IF who_old IS NOT NULL AND who_new IS NOT NULL AND who_old <> who_new THEN
    UPDATE "client_cards" SET "card" = replace("card", who_old, who_new) WHERE "family_member_id" = ANY(uploads);
  END IF;
  RETURN NULL;
END $$;
