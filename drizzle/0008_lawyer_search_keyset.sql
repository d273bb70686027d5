-- The family's lawyer search as keyset pages, nearby first (docs/decisions/0014-lawyer-search-keyset-pages.md).
-- The lawyer's name is copied from users (as family_members.name is) so one index per nearness rank
-- holds the list's order, (name, user_id), after the case type and the place it ranges over.
ALTER TABLE "lawyers" ADD COLUMN "name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "lawyers" l SET "name" = u."name" FROM "users" u WHERE u."id" = l."user_id";
--> statement-breakpoint
CREATE FUNCTION lawyers_copy_user_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.name INTO NEW.name FROM users u WHERE u.id = NEW.user_id;
  NEW.name := coalesce(NEW.name, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER lawyers_copy_user BEFORE INSERT OR UPDATE OF user_id, name ON lawyers FOR EACH ROW EXECUTE FUNCTION lawyers_copy_user_trg();
--> statement-breakpoint
CREATE FUNCTION users_to_lawyers_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lawyers SET name = NEW.name WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_to_lawyers AFTER UPDATE OF name ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION users_to_lawyers_trg();
--> statement-breakpoint
-- Rank 0 (the member's district), rank 1 (the member's state) and rank 2 (elsewhere, or no location):
-- each a range of one index read in (name, user_id) order from the cursor on.
CREATE INDEX "lawyers_search_district_idx" ON "lawyers" ("lawyer_type", "state", "district", "name", "user_id");
--> statement-breakpoint
CREATE INDEX "lawyers_search_state_idx" ON "lawyers" ("lawyer_type", "state", "name", "user_id");
--> statement-breakpoint
CREATE INDEX "lawyers_search_name_idx" ON "lawyers" ("lawyer_type", "name", "user_id");
--> statement-breakpoint
-- Its leading column is the name index's: nothing needs it any more.
DROP INDEX "lawyers_type_idx";
