-- A member who starts or stops following a prisoner may be listed under another prison.
CREATE OR REPLACE FUNCTION prisoner_followers_member_prison_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_prison_refresh(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD."family_member_id" ELSE NEW."family_member_id" END]);
  RETURN NULL;
END $$;
