CREATE OR REPLACE FUNCTION lawyers_copy_user_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.name INTO NEW.name FROM users u WHERE u.id = NEW.user_id;
  NEW.name := coalesce(NEW.name, '');
  RETURN NEW;
END $$;
