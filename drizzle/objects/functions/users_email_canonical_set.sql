CREATE OR REPLACE FUNCTION users_email_canonical_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.email_canonical := rihaai_canonical_email(NEW.email);
  RETURN NEW;
END
$$;
