-- A lawyer's or uploader's name or role (a member's own name reaches the card through family_members).
CREATE OR REPLACE FUNCTION users_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_cards_refresh(ARRAY(
    SELECT r.family_member_id FROM lawyer_requests r WHERE r.lawyer_id = NEW.id AND r.status = 'accepted'
    UNION SELECT d.family_member_id FROM documents d WHERE d.uploaded_by = NEW.id AND d.kind = 'bail_paper'));
  RETURN NULL;
END $$;
