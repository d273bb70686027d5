DROP TRIGGER IF EXISTS prisoners_counts_del ON prisoners;
CREATE TRIGGER prisoners_counts_del AFTER DELETE ON "prisoners" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prison_counts_del_trg();
