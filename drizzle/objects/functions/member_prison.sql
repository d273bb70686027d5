-- PL/pgSQL, not SQL: a SQL function called from a statement is parsed and planned again on every
-- statement that calls it (each trigger's), which cost a write more than the rest of its triggers; a
-- PL/pgSQL function keeps its plan for the connection (docs/decisions/0064-trigger-functions-keep-their-plans.md).
-- The prison whose jail authority lists a family member: that of the first prisoner they follow, and
-- hold a case of, who is held in a listed prison, those in custody or on bail before those released or
-- transferred (docs/decisions/0047-jail-sees-its-own-prison.md). A relative who joined by invitation
-- and holds no case of the prisoner is not listed: the one who holds the cases shows the prisoner once,
-- with them (docs/decisions/0050-relatives-join-by-invitation.md). derived.ts 'member-prison'.
CREATE OR REPLACE FUNCTION member_prison(member uuid) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT p."prison_id" FROM "prisoner_followers" f JOIN "prisoners" p ON p."id" = f."prisoner_id"
  WHERE f."family_member_id" = member AND p."prison_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "cases" c WHERE c."family_member_id" = member AND c."prisoner_id" = p."id")
  ORDER BY (p."status" IN ('released', 'transferred')), f."joined_at", p."id"
  LIMIT 1);
END $$;
