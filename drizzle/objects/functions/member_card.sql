-- PL/pgSQL, not SQL: a SQL function called from a statement is parsed and planned again on every
-- statement that calls it (each trigger's), which cost a write more than the rest of its triggers; a
-- PL/pgSQL function keeps its plan for the connection (docs/decisions/0064-trigger-functions-keep-their-plans.md).
-- The card of one member, from the source tables. The one definition of what a card holds: the
-- triggers store it and tests compare it with what the list showed before cards were stored.
-- row_to_json and string_agg rather than json_build_object and json_agg, whose text has spaces after
-- ':' and ',': the card is the compact JSON the response serialiser wrote, keys in JailMemberSchema's
-- order (a json value inside row_to_json is embedded as it is). Each case names its prisoner (the person
-- in jail, not the relative who registered them).
CREATE OR REPLACE FUNCTION member_card(m family_members) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT row_to_json(card)::text FROM (SELECT
    m.user_id AS "id", m.name AS "name", m.email AS "email", m.phone AS "phone", m.address AS "address",
    (SELECT ('[' || coalesce(string_agg(x.j, ',' ORDER BY x.o1, x.o2), '') || ']')::json FROM (
      SELECT c.created_at AS o1, c.case_number AS o2, row_to_json(r)::text AS j
      FROM cases c, LATERAL (SELECT c.id AS "id", c.case_number AS "caseNumber", c.case_type AS "caseType", c.court AS "court",
        (SELECT row_to_json(rel) FROM (SELECT c.s479_status AS "s479Status", c.s479_fraction AS "s479Fraction",
          c.s479_eligible_on AS "s479EligibleOn", c.maximum_ends_on AS "maximumEndsOn", c.default_bail_days AS "defaultBailDays",
          c.default_bail_eligible_on AS "defaultBailEligibleOn", c.released_on AS "releasedOn",
          c.bail_granted_on AS "bailGrantedOn", c.other_cases_held AS "otherCasesHeld") rel) AS "release",
        c.chargesheet_filed_on AS "chargesheetFiledOn",
        (SELECT row_to_json(pp) FROM (SELECT p.name AS "name", p.name_latin AS "nameLatin", p.prisoner_number AS "number"
          FROM prisoners p WHERE p.id = c.prisoner_id) pp) AS "prisoner") r
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
    m.stage AS "stage") card);
END $$;
