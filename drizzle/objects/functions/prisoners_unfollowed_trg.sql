-- A prisoner nobody follows and with no case left is personal data with no purpose: it goes.
CREATE OR REPLACE FUNCTION prisoners_unfollowed_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "prisoners" p WHERE p."id" IN (SELECT o."prisoner_id" FROM old_rows o)
    AND NOT EXISTS (SELECT 1 FROM "prisoner_followers" f WHERE f."prisoner_id" = p."id")
    AND NOT EXISTS (SELECT 1 FROM "cases" c WHERE c."prisoner_id" = p."id");
  RETURN NULL;
END $$;
