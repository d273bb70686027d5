-- Issue 10: a lawyer's page of clients as an indexed read of stored cards, like the jail authority's
-- list (drizzle/0009_member_cards.sql, docs/decisions/0021-stored-member-cards.md; this change:
-- docs/decisions/0031-lawyer-clients-as-json-text.md). `client_cards` holds, per family member, the
-- member as a lawyer sees their client in GET /api/lawyers/clients (shared/lawyers.ts
-- LawyerClientSchema, keys in the schema's order) without `acceptedAt`, which is each lawyer's own and
-- which the list puts first. A table of its own, not a column of family_members: the member's row,
-- which the counters rewrite on most writes, stays as narrow as it was.
--
-- 0009's triggers keep it, in the same transaction as every change. What shows on it, and what
-- recomputes it:
--   the member's name, email, phone, address            family_members (those columns, not the stage)
--   cases (number, type, detail, facts, release dates)  cases (any change)
--   bail papers and who uploaded them                   documents, users (name, role, deletion)
--   the NGO's name and contact                          ngo_assignments, ngos
--   the bail review's time                              bail_reviews
-- A lawyer request's change, or a stage's, recomputes only the jail card.
CREATE TABLE "client_cards" (
  "family_member_id" uuid PRIMARY KEY NOT NULL REFERENCES "family_members"("user_id") ON DELETE CASCADE,
  "card" text NOT NULL
);
--> statement-breakpoint
-- The client card of one member, from the source tables: the one definition of what it holds.
-- row_to_json and string_agg rather than json_build_object and json_agg, whose text has spaces after
-- ':' and ','. The offences are the stored jsonb, as PostgreSQL writes it (its key order and spaces).
CREATE FUNCTION member_client_card(m family_members) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(card)::text FROM (SELECT
    m.user_id AS "id", m.name AS "name", m.email AS "email", m.phone AS "phone", m.address AS "address",
    (SELECT to_char(b.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM bail_reviews b WHERE b.family_member_id = m.user_id) AS "bailAcceptedAt",
    (SELECT row_to_json(n) FROM (SELECT g.name AS "name", coalesce(g.contact_info, '') AS "contactInfo"
      FROM ngo_assignments a JOIN ngos g ON g.id = a.ngo_id WHERE a.family_member_id = m.user_id) n) AS "ngo",
    (SELECT ('[' || coalesce(string_agg(x.j, ',' ORDER BY x.o1, x.o2), '') || ']')::json FROM (
      SELECT c.created_at AS o1, c.case_number AS o2, row_to_json(r)::text AS j
      FROM cases c, LATERAL (SELECT c.id AS "id", c.case_number AS "caseNumber", c.case_type AS "caseType", c.detail AS "detail",
        (SELECT row_to_json(f) FROM (SELECT c.prisoner_name AS "prisonerName", c.prisoner_relation AS "prisonerRelation",
          c.prison AS "prison", c.custody_since AS "custodySince", c.court AS "court", c.cnr AS "cnr", c.offences AS "offences",
          c.first_offence AS "firstOffence", c.other_pending_cases AS "otherPendingCases",
          c.delay_by_accused_days AS "delayByAccusedDays", c.chargesheet_filed_on AS "chargesheetFiledOn") f) AS "facts",
        (SELECT row_to_json(rel) FROM (SELECT c.s479_status AS "s479Status", c.s479_fraction AS "s479Fraction",
          c.s479_eligible_on AS "s479EligibleOn", c.maximum_ends_on AS "maximumEndsOn", c.default_bail_days AS "defaultBailDays",
          c.default_bail_eligible_on AS "defaultBailEligibleOn", c.released_on AS "releasedOn") rel) AS "release") r
      WHERE c.family_member_id = m.user_id) x) AS "cases",
    (SELECT ('[' || coalesce(string_agg(x.j, ',' ORDER BY x.o1 DESC, x.o2 DESC), '') || ']')::json FROM (
      SELECT d.created_at AS o1, d.id AS o2, row_to_json(doc)::text AS j
      FROM documents d LEFT JOIN users u ON u.id = d.uploaded_by, LATERAL (SELECT d.id AS "id", d.family_member_id AS "familyMemberId",
        d.filename AS "filename", d.content_type AS "contentType", d.size AS "size",
        to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
        CASE WHEN u.id IS NOT NULL AND u.name <> '' THEN
          (SELECT row_to_json(who) FROM (SELECT u.id AS "id", u.name AS "name", u.role AS "role") who) END AS "uploadedBy",
        '/api/documents/' || d.id AS "url") doc
      WHERE d.family_member_id = m.user_id AND d.kind = 'bail_paper') x) AS "documents") card
$$;
--> statement-breakpoint
-- 0009's refresh, now writing the jail card, the client card or both (each only where it changed).
DROP FUNCTION member_cards_refresh(uuid[]);
--> statement-breakpoint
CREATE FUNCTION member_cards_refresh(ids uuid[], jail boolean DEFAULT true, client boolean DEFAULT true) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- NO KEY UPDATE: what an update of the row takes anyway; it does not wait for the key-share locks of
  -- inserts that merely reference the member (a case, a paper), so it adds no deadlock.
  PERFORM 1 FROM "family_members" WHERE "user_id" = ANY(ids) ORDER BY "user_id" FOR NO KEY UPDATE;
  IF jail THEN
    -- This update sets the card alone, so the family_members triggers that follow other columns (the
    -- counters, the card's own) have nothing to do: the flag tells them, for this statement only.
    PERFORM set_config('rihaai.writing_cards', 'on', true);
    UPDATE "family_members" fm SET "card" = c.card
    FROM (SELECT m."user_id" AS id, member_card(m) AS card FROM "family_members" m WHERE m."user_id" = ANY(ids)) c
    WHERE fm."user_id" = c.id AND fm."card" IS DISTINCT FROM c.card;
    PERFORM set_config('rihaai.writing_cards', 'off', true);
  END IF;
  IF client THEN
    INSERT INTO "client_cards" ("family_member_id", "card")
    SELECT m."user_id", member_client_card(m) FROM "family_members" m WHERE m."user_id" = ANY(ids)
    ON CONFLICT ("family_member_id") DO UPDATE SET "card" = excluded."card"
    WHERE "client_cards"."card" IS DISTINCT FROM excluded."card";
  END IF;
END $$;
--> statement-breakpoint
-- 0009's child-table trigger; TG_ARGV[1] = 'jail' when the table's changes show on the jail card only.
CREATE OR REPLACE FUNCTION member_cards_child_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT r.family_member_id) FROM (%s) r WHERE %s',
    jail_transition_rows(TG_OP), coalesce(TG_ARGV[0], 'true')) INTO ids;
  PERFORM member_cards_refresh(ids, true, TG_NARGS < 2 OR TG_ARGV[1] <> 'jail');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER lawyer_requests_with_cards_ins ON lawyer_requests;
--> statement-breakpoint
DROP TRIGGER lawyer_requests_with_cards_upd ON lawyer_requests;
--> statement-breakpoint
DROP TRIGGER lawyer_requests_with_cards_del ON lawyer_requests;
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_with_cards_ins AFTER INSERT ON lawyer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.status = ''accepted''', 'jail');
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_with_cards_upd AFTER UPDATE ON lawyer_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.status = ''accepted''', 'jail');
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_with_cards_del AFTER DELETE ON lawyer_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_cards_child_trg('r.status = ''accepted''', 'jail');
--> statement-breakpoint
-- 0009's trigger on the member's own row: a new member gets both cards; a change of what the jail card
-- shows of the row (the stage too) refreshes that one, and a change of the contact, the client card too.
CREATE OR REPLACE FUNCTION family_members_cards_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[]; contact uuid[];
BEGIN
  IF current_setting('rihaai.writing_cards', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.user_id) INTO ids FROM new_rows n;
    PERFORM member_cards_refresh(ids);
    RETURN NULL;
  END IF;
  -- A row whose shown columns changed is two distinct rows once old and new are merged (a union and
  -- a grouping, not a join: transition tables have no index and no statistics).
  SELECT array_agg(x.user_id) INTO ids FROM (
    SELECT y.user_id FROM (
      SELECT n.user_id, n.name, n.email, n.phone, n.address, n.stage FROM new_rows n
      UNION SELECT o.user_id, o.name, o.email, o.phone, o.address, o.stage FROM old_rows o) y
    GROUP BY y.user_id HAVING count(*) > 1) x;
  IF ids IS NULL THEN RETURN NULL; END IF;
  SELECT array_agg(x.user_id) INTO contact FROM (
    SELECT y.user_id FROM (
      SELECT n.user_id, n.name, n.email, n.phone, n.address FROM new_rows n WHERE n.user_id = ANY(ids)
      UNION SELECT o.user_id, o.name, o.email, o.phone, o.address FROM old_rows o WHERE o.user_id = ANY(ids)) y
    GROUP BY y.user_id HAVING count(*) > 1) x;
  PERFORM member_cards_refresh(ids, true, false);
  PERFORM member_cards_refresh(contact, false, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Existing members: every client card once (the triggers keep them from here on).
INSERT INTO "client_cards" ("family_member_id", "card") SELECT fm."user_id", member_client_card(fm) FROM "family_members" fm;
