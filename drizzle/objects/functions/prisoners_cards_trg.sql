-- A prisoner renamed (or given the jail's number) shows on the jail cards of the members whose cases are theirs.
CREATE OR REPLACE FUNCTION prisoners_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_cards_refresh(ARRAY(SELECT DISTINCT c."family_member_id" FROM "cases" c WHERE c."prisoner_id" = NEW."id" ORDER BY 1), true, false);
  RETURN NULL;
END $$;
