CREATE OR REPLACE FUNCTION users_to_lawyers_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lawyers SET name = NEW.name WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
