CREATE OR REPLACE FUNCTION users_to_family_members_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE family_members SET name = NEW.name, email = NEW.email WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
