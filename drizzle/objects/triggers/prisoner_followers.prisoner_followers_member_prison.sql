DROP TRIGGER IF EXISTS prisoner_followers_member_prison ON prisoner_followers;
CREATE TRIGGER prisoner_followers_member_prison AFTER INSERT OR DELETE ON "prisoner_followers" FOR EACH ROW EXECUTE FUNCTION prisoner_followers_member_prison_trg();
