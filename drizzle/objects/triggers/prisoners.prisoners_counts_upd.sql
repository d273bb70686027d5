DROP TRIGGER IF EXISTS prisoners_counts_upd ON prisoners;
CREATE TRIGGER prisoners_counts_upd AFTER UPDATE ON "prisoners" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION prison_counts_upd_trg();
