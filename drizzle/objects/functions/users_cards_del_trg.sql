-- A deleted lawyer or uploader: the cascades (or, for data imported with the foreign keys off, the
-- dangling id) change the cards of the members that showed them. ENABLE ALWAYS: this fires also under
-- session_replication_role = replica, the way such data is replayed, when the cascades do not.
CREATE OR REPLACE FUNCTION users_cards_del_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_cards_refresh(ARRAY(
    SELECT r.family_member_id FROM lawyer_requests r WHERE r.lawyer_id = OLD.id AND r.status = 'accepted'
    UNION SELECT d.family_member_id FROM documents d WHERE d.uploaded_by = OLD.id AND d.kind = 'bail_paper'));
  RETURN NULL;
END $$;
