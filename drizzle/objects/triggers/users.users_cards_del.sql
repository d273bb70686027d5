-- ENABLE ALWAYS: this fires also under session_replication_role = replica, the way imported data is
-- replayed, when the cascades do not (see functions/users_cards_del_trg.sql).
DROP TRIGGER IF EXISTS users_cards_del ON users;
CREATE TRIGGER users_cards_del AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_cards_del_trg();
ALTER TABLE users ENABLE ALWAYS TRIGGER users_cards_del;
