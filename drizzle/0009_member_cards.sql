-- Issue 10: the jail authority's member list as an indexed read of stored cards
-- (docs/decisions/0021-stored-member-cards.md). Each family member carries `card`: the JSON of its
-- row in GET /api/jail/members (shared/jail.ts JailMemberSchema, keys in the schema's order), kept
-- exact by triggers in the same transaction as every change that shows on it. A page then reads its
-- 25-50 rows from the list's index and hands their cards to the response as text, with nothing looked
-- up per row and nothing parsed or serialised again in Node.
--
-- What shows on a card, and the triggers that recompute it:
--   the member's own columns (name, email, phone, address, stage)   family_members (insert, update)
--   cases (number, type, release dates, charge-sheet date)          cases
--   accepted lawyers and their names                                lawyer_requests, users (name)
--   bail papers and who uploaded them                               documents, users (name, role)
--   the NGO                                                         ngo_assignments, ngos (its fields)
--   the bail review                                                 bail_reviews
-- Every recomputation locks the member rows first (in id order) and then reads the tables afresh, so
-- two transactions changing one member's card in parallel cannot leave it stale: the second waits for
-- the first and sees what it committed.
ALTER TABLE "family_members" ADD COLUMN "card" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The uploader's name and role show on a card: their change finds the member's papers by index.
CREATE INDEX "documents_uploaded_by_idx" ON "documents" ("uploaded_by") WHERE "kind" = 'bail_paper';
--> statement-breakpoint
-- The card of one member, from the source tables. The one definition of what a card holds: the
-- triggers store it and tests compare it with what the list showed before cards were stored.
-- row_to_json and string_agg rather than json_build_object and json_agg, whose text has spaces after
-- ':' and ',': the card is the compact JSON the response serialiser wrote, keys in JailMemberSchema's
-- order (a json value inside row_to_json is embedded as it is).
CREATE FUNCTION member_card(m family_members) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(card)::text FROM (SELECT
    m.user_id AS "id", m.name AS "name", m.email AS "email", m.phone AS "phone", m.address AS "address",
    (SELECT ('[' || coalesce(string_agg(x.j, ',' ORDER BY x.o1, x.o2), '') || ']')::json FROM (
      SELECT c.created_at AS o1, c.case_number AS o2, row_to_json(r)::text AS j
      FROM cases c, LATERAL (SELECT c.id AS "id", c.case_number AS "caseNumber", c.case_type AS "caseType",
        (SELECT row_to_json(rel) FROM (SELECT c.s479_status AS "s479Status", c.s479_fraction AS "s479Fraction",
          c.s479_eligible_on AS "s479EligibleOn", c.maximum_ends_on AS "maximumEndsOn", c.default_bail_days AS "defaultBailDays",
          c.default_bail_eligible_on AS "defaultBailEligibleOn", c.released_on AS "releasedOn") rel) AS "release",
        c.chargesheet_filed_on AS "chargesheetFiledOn") r
      WHERE c.family_member_id = m.user_id) x) AS "cases",
    (SELECT ('[' || coalesce(string_agg(x.j, ',' ORDER BY x.o1, x.o2, x.o3), '') || ']')::json FROM (
      SELECT r.decided_at AS o1, r.created_at AS o2, r.id AS o3, row_to_json(l)::text AS j
      FROM lawyer_requests r LEFT JOIN users u ON u.id = r.lawyer_id, LATERAL (SELECT r.lawyer_id AS "id", u.name AS "name") l
      WHERE r.family_member_id = m.user_id AND r.status = 'accepted') x) AS "lawyers",
    (SELECT row_to_json(n) FROM (SELECT g.id AS "id", g.name AS "name", g.address AS "address", g.contact_info AS "contactInfo", g.report AS "report"
      FROM ngo_assignments a JOIN ngos g ON g.id = a.ngo_id WHERE a.family_member_id = m.user_id) n) AS "ngo",
    (SELECT ('[' || coalesce(string_agg(x.j, ',' ORDER BY x.o1 DESC, x.o2 DESC), '') || ']')::json FROM (
      SELECT d.created_at AS o1, d.id AS o2, row_to_json(doc)::text AS j
      FROM documents d LEFT JOIN users u ON u.id = d.uploaded_by, LATERAL (SELECT d.id AS "id", d.family_member_id AS "familyMemberId",
        d.filename AS "filename", d.content_type AS "contentType", d.size AS "size",
        to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
        CASE WHEN u.id IS NOT NULL AND u.name <> '' THEN
          (SELECT row_to_json(who) FROM (SELECT u.id AS "id", u.name AS "name", u.role AS "role") who) END AS "uploadedBy",
        '/api/documents/' || d.id AS "url") doc
      WHERE d.family_member_id = m.user_id AND d.kind = 'bail_paper') x) AS "documents",
    -- The spec's "first accepted bail paper": the earliest a lawyer uploaded.
    (SELECT d.id FROM documents d JOIN users u ON u.id = d.uploaded_by
      WHERE d.family_member_id = m.user_id AND d.kind = 'bail_paper' AND u.role = 'Lawyer'
      ORDER BY d.created_at, d.id LIMIT 1) AS "firstLawyerPaperId",
    (SELECT row_to_json(br) FROM (SELECT 'Accepted' AS "status",
        to_char(b.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "decidedAt"
      FROM bail_reviews b WHERE b.family_member_id = m.user_id) br) AS "bailReview",
    m.stage AS "stage") card
$$;
--> statement-breakpoint
-- Recomputes the members' cards and writes those that changed. Locks first, then reads: in READ
-- COMMITTED each statement of this (volatile) function takes a new snapshot, so the cards are computed
-- after any other writer of these members has committed.
CREATE FUNCTION member_cards_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- NO KEY UPDATE: what an update of the row takes anyway; it does not wait for the key-share locks of
  -- inserts that merely reference the member (a case, a paper), so it adds no deadlock.
  PERFORM 1 FROM "family_members" WHERE "user_id" = ANY(ids) ORDER BY "user_id" FOR NO KEY UPDATE;
  -- This update sets the card alone, so the family_members triggers that follow other columns (the
  -- counters, the card's own) have nothing to do: the flag tells them, for this statement only.
  PERFORM set_config('rihaai.writing_cards', 'on', true);
  UPDATE "family_members" fm SET "card" = c.card
  FROM (SELECT m."user_id" AS id, member_card(m) AS card FROM "family_members" m WHERE m."user_id" = ANY(ids)) c
  WHERE fm."user_id" = c.id AND fm."card" IS DISTINCT FROM c.card;
  PERFORM set_config('rihaai.writing_cards', 'off', true);
END $$;
--> statement-breakpoint
-- drizzle/0002_scale.sql's counters trigger, skipping the cards' own writes (no counted column moves).
CREATE OR REPLACE FUNCTION family_members_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  IF current_setting('rihaai.writing_cards', true) = 'on' THEN RETURN NULL; END IF;
  EXECUTE format(
    'SELECT coalesce(array_agg(k), ''{}''), coalesce(array_agg(d), ''{}'') FROM (
       SELECT k, sum(r.s)::bigint AS d FROM (%s) r, unnest(family_member_count_keys(to_jsonb(r))) AS k
       GROUP BY k) x', jail_transition_rows(TG_OP)) INTO ks, ds;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Child tables: the members of the rows a statement changed (old and new), narrowed by a condition on
-- the rows (TG_ARGV[0], e.g. only bail papers) so a change that cannot show on a card costs nothing.
-- Triggers of one event fire in name order: "<table>_with_cards_*" sorts after the same table's
-- "_facts_" and "_release_" triggers, so when those have already moved the member's stage (and with it
-- the card, through family_members) this finds the card current and writes nothing more.
CREATE FUNCTION member_cards_child_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT r.family_member_id) FROM (%s) r WHERE %s',
    jail_transition_rows(TG_OP), coalesce(TG_ARGV[0], 'true')) INTO ids;
  PERFORM member_cards_refresh(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_with_cards_ins AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER cases_with_cards_upd AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER cases_with_cards_del AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_with_cards_ins AFTER INSERT ON lawyer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.status = ''accepted''');
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_with_cards_upd AFTER UPDATE ON lawyer_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.status = ''accepted''');
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_with_cards_del AFTER DELETE ON lawyer_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.status = ''accepted''');
--> statement-breakpoint
CREATE TRIGGER documents_with_cards_ins AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.kind = ''bail_paper''');
--> statement-breakpoint
CREATE TRIGGER documents_with_cards_upd AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.kind = ''bail_paper''');
--> statement-breakpoint
CREATE TRIGGER documents_with_cards_del AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.kind = ''bail_paper''');
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_with_cards_ins AFTER INSERT ON ngo_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_with_cards_upd AFTER UPDATE ON ngo_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_with_cards_del AFTER DELETE ON ngo_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER bail_reviews_with_cards_ins AFTER INSERT ON bail_reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER bail_reviews_with_cards_upd AFTER UPDATE ON bail_reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
CREATE TRIGGER bail_reviews_with_cards_del AFTER DELETE ON bail_reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg();
--> statement-breakpoint
-- The member's own row: new members, and changes to what the card shows of it (the card's own write
-- changes none of these, so it does not come back here).
CREATE FUNCTION family_members_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF current_setting('rihaai.writing_cards', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.user_id) INTO ids FROM new_rows n;
  ELSE
    -- A row whose shown columns changed is two distinct rows once old and new are merged (a union and
    -- a grouping, not a join: transition tables have no index and no statistics).
    SELECT array_agg(x.user_id) INTO ids FROM (
      SELECT y.user_id FROM (
        SELECT n.user_id, n.name, n.email, n.phone, n.address, n.stage FROM new_rows n
        UNION SELECT o.user_id, o.name, o.email, o.phone, o.address, o.stage FROM old_rows o) y
      GROUP BY y.user_id HAVING count(*) > 1) x;
  END IF;
  PERFORM member_cards_refresh(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER family_members_cards_ins AFTER INSERT ON family_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_cards_trg();
--> statement-breakpoint
CREATE TRIGGER family_members_cards_upd AFTER UPDATE ON family_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_cards_trg();
--> statement-breakpoint
-- A lawyer's or uploader's name or role (a member's own name reaches the card through family_members).
CREATE FUNCTION users_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_cards_refresh(ARRAY(
    SELECT r.family_member_id FROM lawyer_requests r WHERE r.lawyer_id = NEW.id AND r.status = 'accepted'
    UNION SELECT d.family_member_id FROM documents d WHERE d.uploaded_by = NEW.id AND d.kind = 'bail_paper'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cards AFTER UPDATE OF name, role ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION users_cards_trg();
--> statement-breakpoint
-- A deleted lawyer or uploader: the cascades (or, for data imported with the foreign keys off, the
-- dangling id) change the cards of the members that showed them. ENABLE ALWAYS: this fires also under
-- session_replication_role = replica, the way such data is replayed, when the cascades do not.
CREATE FUNCTION users_cards_del_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_cards_refresh(ARRAY(
    SELECT r.family_member_id FROM lawyer_requests r WHERE r.lawyer_id = OLD.id AND r.status = 'accepted'
    UNION SELECT d.family_member_id FROM documents d WHERE d.uploaded_by = OLD.id AND d.kind = 'bail_paper'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cards_del AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_cards_del_trg();
--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_cards_del;
--> statement-breakpoint
-- An NGO's details show on the card of every member it is assigned to.
CREATE FUNCTION ngos_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_cards_refresh(ARRAY(SELECT a.family_member_id FROM ngo_assignments a WHERE a.ngo_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ngos_cards AFTER UPDATE OF id, name, address, contact_info, report ON ngos FOR EACH ROW
  WHEN ((OLD.id, OLD.name, OLD.address, OLD.contact_info, OLD.report) IS DISTINCT FROM (NEW.id, NEW.name, NEW.address, NEW.contact_info, NEW.report))
  EXECUTE FUNCTION ngos_cards_trg();
--> statement-breakpoint
-- Existing members: every card once (the triggers keep them from here on).
UPDATE "family_members" fm SET "card" = member_card(fm);
