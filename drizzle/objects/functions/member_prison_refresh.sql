-- Sets family_members.prison_id (and its copy on member_case_types) to member_prison() for these
-- members where it differs; the counters' triggers move the members' counts between prisons.
CREATE OR REPLACE FUNCTION member_prison_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "family_members" m SET "prison_id" = x."prison_id"
  FROM (SELECT u.id, member_prison(u.id) AS "prison_id" FROM unnest(ids) AS u(id) ORDER BY u.id) x
  WHERE m."user_id" = x.id AND m."prison_id" IS DISTINCT FROM x."prison_id";
  UPDATE "member_case_types" t SET "prison_id" = m."prison_id" FROM "family_members" m
  WHERE m."user_id" = ANY(ids) AND t."family_member_id" = m."user_id" AND t."prison_id" IS DISTINCT FROM m."prison_id";
END $$;
