-- Sets family_members.prison_id (and its copy on member_case_types) to member_prison() for these
-- members where it differs; the counters' triggers move the members' counts between prisons. Nothing
-- is written (and no statement trigger fires) when every member's prison is already right.
CREATE OR REPLACE FUNCTION member_prison_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE moved uuid[];
BEGIN
  SELECT array_agg(m."user_id" ORDER BY m."user_id") INTO moved FROM "family_members" m
  WHERE m."user_id" = ANY(ids) AND (m."prison_id" IS DISTINCT FROM member_prison(m."user_id")
    OR EXISTS (SELECT 1 FROM "member_case_types" t WHERE t."family_member_id" = m."user_id" AND t."prison_id" IS DISTINCT FROM m."prison_id"));
  IF moved IS NULL THEN RETURN; END IF;
  UPDATE "family_members" m SET "prison_id" = member_prison(m."user_id")
  WHERE m."user_id" = ANY(moved) AND m."prison_id" IS DISTINCT FROM member_prison(m."user_id");
  UPDATE "member_case_types" t SET "prison_id" = m."prison_id" FROM "family_members" m
  WHERE m."user_id" = ANY(moved) AND t."family_member_id" = m."user_id" AND t."prison_id" IS DISTINCT FROM m."prison_id";
END $$;
