-- 0009's trigger on the member's own row: a new member gets both cards; a change of what the jail card
-- shows of the row (the stage too) refreshes that one, and a change of the contact, the client card too.
CREATE OR REPLACE FUNCTION family_members_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[]; contact uuid[];
BEGIN
  IF current_setting('rihaai.writing_cards', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.user_id) INTO ids FROM new_rows n;
    PERFORM member_cards_refresh(ids);
    RETURN NULL;
  END IF;
  -- A row whose shown columns changed is two distinct rows once old and new are merged (a union and
  -- a grouping, not a join: transition tables have no index and no statistics).
  SELECT array_agg(x.user_id) INTO ids FROM (
    SELECT y.user_id FROM (
      SELECT n.user_id, n.name, n.email, n.phone, n.address, n.stage FROM new_rows n
      UNION SELECT o.user_id, o.name, o.email, o.phone, o.address, o.stage FROM old_rows o) y
    GROUP BY y.user_id HAVING count(*) > 1) x;
  IF ids IS NULL THEN RETURN NULL; END IF;
  SELECT array_agg(x.user_id) INTO contact FROM (
    SELECT y.user_id FROM (
      SELECT n.user_id, n.name, n.email, n.phone, n.address FROM new_rows n WHERE n.user_id = ANY(ids)
      UNION SELECT o.user_id, o.name, o.email, o.phone, o.address FROM old_rows o WHERE o.user_id = ANY(ids)) y
    GROUP BY y.user_id HAVING count(*) > 1) x;
  PERFORM member_cards_refresh(ids, true, false);
  PERFORM member_cards_refresh(contact, false, true);
  RETURN NULL;
END $$;
