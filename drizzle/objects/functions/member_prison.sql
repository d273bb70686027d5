-- The prison whose jail authority lists a family member: that of the first prisoner they follow who is
-- held in a listed prison, those in custody or on bail before those released or transferred
-- (docs/decisions/0047-jail-sees-its-own-prison.md). derived.ts 'member-prison'.
CREATE OR REPLACE FUNCTION member_prison(member uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT p."prison_id" FROM "prisoner_followers" f JOIN "prisoners" p ON p."id" = f."prisoner_id"
  WHERE f."family_member_id" = member AND p."prison_id" IS NOT NULL
  ORDER BY (p."status" IN ('released', 'transferred')), f."joined_at", p."id"
  LIMIT 1
$$;
