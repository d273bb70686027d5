-- 0009's trigger on the member's own row: new members get both cards (for each statement); a change of
-- what the jail card shows of the row (the stage too) refreshes that one, and a change of the contact,
-- the client card too. The update trigger is for each row, with the columns the cards show in its WHEN:
-- the updates that change none of them (a counter, a flag: most writes) queue nothing
-- (docs/decisions/0066-change-capture-without-dynamic-sql.md).
CREATE OR REPLACE FUNCTION family_members_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.user_id) INTO ids FROM new_rows n;
    PERFORM member_cards_refresh(ids);
    RETURN NULL;
  END IF;
  PERFORM member_cards_refresh(ARRAY[NEW.user_id], true,
    (OLD.name, OLD.email, OLD.phone, OLD.address) IS DISTINCT FROM (NEW.name, NEW.email, NEW.phone, NEW.address));
  RETURN NULL;
END $$;
