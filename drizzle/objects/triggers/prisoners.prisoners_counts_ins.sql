DROP TRIGGER IF EXISTS prisoners_counts_ins ON prisoners;
CREATE TRIGGER prisoners_counts_ins AFTER INSERT ON "prisoners" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION prison_counts_ins_trg();
