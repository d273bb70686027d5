DROP TRIGGER IF EXISTS prisoners_member_prison ON prisoners;
CREATE TRIGGER prisoners_member_prison AFTER UPDATE OF "prison_id", "status" ON "prisoners" FOR EACH ROW WHEN (OLD."prison_id" IS DISTINCT FROM NEW."prison_id" OR OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION prisoners_member_prison_trg();
