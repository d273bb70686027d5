-- PL/pgSQL, not SQL: a SQL function called from a statement is parsed and planned again on every
-- statement that calls it (each trigger's), which cost a write more than the rest of its triggers; a
-- PL/pgSQL function keeps its plan for the connection (docs/decisions/0064-trigger-functions-keep-their-plans.md).
-- The client card of one member, from the source tables: the one definition of what it holds. Each case's
-- release carries the bail order's date (src/shared/bail-timeline.ts): a client on bail is not to be applied for;
-- and the day of the court's decision (decidedOn, src/shared/case-disposal.ts): a decided case has no release dates.
-- row_to_json and string_agg rather than json_build_object and json_agg, whose text has spaces after
-- ':' and ','. The offences are the stored jsonb, as PostgreSQL writes it (its key order and spaces).
CREATE OR REPLACE FUNCTION member_client_card(m family_members) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT row_to_json(card)::text FROM (SELECT
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
          c.delay_by_accused_days AS "delayByAccusedDays", c.chargesheet_filed_on AS "chargesheetFiledOn",
          c.charges_framed_on AS "chargesFramedOn", c.charges_framed AS "chargesFramed") f) AS "facts",
        (SELECT row_to_json(rel) FROM (SELECT c.s479_status AS "s479Status", c.s479_fraction AS "s479Fraction",
          c.s479_eligible_on AS "s479EligibleOn", c.maximum_ends_on AS "maximumEndsOn", c.default_bail_days AS "defaultBailDays",
          c.default_bail_eligible_on AS "defaultBailEligibleOn", c.released_on AS "releasedOn",
          c.bail_granted_on AS "bailGrantedOn", c.other_cases_held AS "otherCasesHeld", c.disposed_on AS "decidedOn") rel) AS "release") r
      WHERE c.family_member_id = m.user_id) x) AS "cases",
    (SELECT ('[' || coalesce(string_agg(x.j, ',' ORDER BY x.o1 DESC, x.o2 DESC), '') || ']')::json FROM (
      SELECT d.created_at AS o1, d.id AS o2, row_to_json(doc)::text AS j
      FROM documents d LEFT JOIN users u ON u.id = d.uploaded_by, LATERAL (SELECT d.id AS "id", d.family_member_id AS "familyMemberId",
        d.filename AS "filename", d.content_type AS "contentType", d.size AS "size",
        to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
        CASE WHEN u.id IS NOT NULL AND u.name <> '' THEN
          (SELECT row_to_json(who) FROM (SELECT u.id AS "id", u.name AS "name", u.role AS "role") who) END AS "uploadedBy",
        '/api/documents/' || d.id AS "url") doc
      WHERE d.family_member_id = m.user_id AND d.kind = 'bail_paper') x) AS "documents") card);
END $$;
