-- A prisoner moved to another prison (or released) moves the members who follow them.
CREATE OR REPLACE FUNCTION prisoners_member_prison_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_prison_refresh(ARRAY(SELECT f."family_member_id" FROM "prisoner_followers" f WHERE f."prisoner_id" = NEW."id" ORDER BY 1));
  RETURN NULL;
END $$;
