DROP TRIGGER IF EXISTS prisoners_cards ON prisoners;
CREATE TRIGGER prisoners_cards AFTER UPDATE OF "name", "name_latin", "prisoner_number" ON "prisoners" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."name_latin" IS DISTINCT FROM NEW."name_latin" OR OLD."prisoner_number" IS DISTINCT FROM NEW."prisoner_number") EXECUTE FUNCTION prisoners_cards_trg();
