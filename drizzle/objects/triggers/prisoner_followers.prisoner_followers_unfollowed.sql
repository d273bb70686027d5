DROP TRIGGER IF EXISTS prisoner_followers_unfollowed ON prisoner_followers;
CREATE TRIGGER prisoner_followers_unfollowed AFTER DELETE ON "prisoner_followers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prisoners_unfollowed_trg();
