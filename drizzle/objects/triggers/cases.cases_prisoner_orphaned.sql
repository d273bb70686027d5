-- Cases go with their member (cascade); then a prisoner left with no follower and no case goes too.
DROP TRIGGER IF EXISTS cases_prisoner_orphaned ON cases;
CREATE TRIGGER cases_prisoner_orphaned AFTER DELETE ON "cases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prisoners_unfollowed_trg();
