-- Name and email are copied from users so the list sorts, filters and searches one table.
CREATE OR REPLACE FUNCTION family_members_copy_user_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.name, u.email INTO NEW.name, NEW.email FROM users u WHERE u.id = NEW.user_id;
  NEW.name := coalesce(NEW.name, '');
  NEW.email := coalesce(NEW.email, '');
  RETURN NEW;
END $$;
