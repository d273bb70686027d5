// Prisoners a family member follows, invitations and leaving (docs/decisions/0050-relatives-join-by-invitation.md).
// Each read is one statement over prisoner_followers_member_idx / prisoner_followers_pk.
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FollowedPrisoner } from '#shared/prisoner-followers.ts';
import type { Db } from '../../db/client.ts';
import { parsedJson } from './child-rows.sql.ts';
import { cases, familyMembers, prisonerFollowers, prisonerInvitations, prisoners, prisons, users } from '../../db/schema.ts';

/** A member follows at most a handful of prisoners; the list stops here. */
const FOLLOWED_MAX = 50;

/** The member's prisoners with everyone who follows each, in one statement. */
export async function listFollowedPrisoners(db: Db, memberId: string): Promise<FollowedPrisoner[]> {
  const rows = await db
    .select({
      id: prisoners.id,
      name: prisoners.name,
      nameLatin: prisoners.nameLatin,
      relation: prisonerFollowers.relation,
      followers: sql<unknown>`(select coalesce(json_agg(json_build_object('name', u.name, 'relation', o.relation, 'you', o.family_member_id = ${memberId}::uuid)
          order by o.joined_at, o.family_member_id), '[]'::json)
        from ${prisonerFollowers} o join ${users} u on u.id = o.family_member_id where o.prisoner_id = ${prisoners.id})`,
      cases: sql<unknown>`(select coalesce(json_agg(json_build_object('id', c.id, 'registeredBy', u.name, 'yours', c.family_member_id = ${memberId}::uuid)
          order by c.created_at, c.id), '[]'::json)
        from ${cases} c join ${users} u on u.id = c.family_member_id where c.prisoner_id = ${prisoners.id})`,
    })
    .from(prisonerFollowers)
    .innerJoin(prisoners, eq(prisoners.id, prisonerFollowers.prisonerId))
    .where(eq(prisonerFollowers.familyMemberId, memberId))
    .orderBy(asc(prisonerFollowers.joinedAt), asc(prisoners.id))
    .limit(FOLLOWED_MAX);
  return rows.map((r) => {
    const followers = parsedJson<FollowedPrisoner['followers']>(r.followers);
    const prisonerCases = parsedJson<FollowedPrisoner['cases']>(r.cases);
    return {
      id: r.id,
      name: r.name,
      nameLatin: r.nameLatin,
      relation: r.relation,
      followers,
      cases: prisonerCases,
      canLeave: followers.length > 1,
    };
  });
}

/** The member's own follow of this prisoner, or undefined when they do not follow it. */
export async function findFollow(db: Db, memberId: string, prisonerId: string) {
  const [row] = await db
    .select({ relation: prisonerFollowers.relation, prisonerName: prisoners.name })
    .from(prisonerFollowers)
    .innerJoin(prisoners, eq(prisoners.id, prisonerFollowers.prisonerId))
    .where(and(eq(prisonerFollowers.prisonerId, prisonerId), eq(prisonerFollowers.familyMemberId, memberId)))
    .limit(1);
  return row;
}

/** The other followers of a prisoner (whom a join or a leave is told to). */
export async function otherFollowerIds(db: Db, prisonerId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: prisonerFollowers.familyMemberId })
    .from(prisonerFollowers)
    .where(and(eq(prisonerFollowers.prisonerId, prisonerId), ne(prisonerFollowers.familyMemberId, memberId)))
    .orderBy(asc(prisonerFollowers.joinedAt), asc(prisonerFollowers.familyMemberId))
    .limit(FOLLOWED_MAX);
  return rows.map((r) => r.id);
}

export async function insertInvitation(db: Db, v: { id: string; prisonerId: string; invitedBy: string; expiresAt: Date }) {
  await db.insert(prisonerInvitations).values(v);
}

/** A live invitation (unused, unexpired) by its code's hash, with the prisoner and who sent it. */
export async function findLiveInvitation(db: Db, hash: string) {
  const [row] = await db
    .select({
      prisonerId: prisonerInvitations.prisonerId,
      expiresAt: prisonerInvitations.expiresAt,
      invitedBy: prisonerInvitations.invitedBy,
      inviterName: users.name,
      prisonerName: prisoners.name,
      prisonerNameLatin: prisoners.nameLatin,
    })
    .from(prisonerInvitations)
    .innerJoin(prisoners, eq(prisoners.id, prisonerInvitations.prisonerId))
    .leftJoin(users, eq(users.id, prisonerInvitations.invitedBy))
    .where(and(eq(prisonerInvitations.id, hash), isNull(prisonerInvitations.usedAt), gt(prisonerInvitations.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Spends the invitation: one statement, so two people joining with one code cannot both succeed. */
export async function useInvitation(db: Db, hash: string): Promise<boolean> {
  const rows = await db
    .update(prisonerInvitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(prisonerInvitations.id, hash), isNull(prisonerInvitations.usedAt), gt(prisonerInvitations.expiresAt, sql`now()`)))
    .returning({ id: prisonerInvitations.id });
  return rows.length > 0;
}

/** Where a member joining without a family record is placed: the prisoner's prison's state and district. */
export async function prisonerLocation(db: Db, prisonerId: string) {
  const [row] = await db
    .select({ state: prisons.state, district: prisons.district })
    .from(prisoners)
    .innerJoin(prisons, eq(prisons.id, prisoners.prisonId))
    .where(eq(prisoners.id, prisonerId))
    .limit(1);
  return row?.state ? { state: row.state, district: row.district } : { state: null, district: null };
}

export async function insertFamilyRecord(
  db: Db,
  v: { userId: string; phone: string; address: string; state: string | null; district: string | null },
) {
  await db.insert(familyMembers).values(v).onConflictDoNothing();
}

export async function insertFollow(db: Db, v: { prisonerId: string; familyMemberId: string; relation: string }) {
  const rows = await db.insert(prisonerFollowers).values(v).onConflictDoNothing().returning({ id: prisonerFollowers.prisonerId });
  return rows.length > 0;
}

/**
 * Hands the leaving member's cases of this prisoner to another follower, so the cases stay with the
 * family that still follows the prisoner (and leave the leaver's record, their cards and counts).
 */
export async function handOverCases(db: Db, prisonerId: string, from: string, to: string): Promise<number> {
  const rows = await db
    .update(cases)
    .set({ familyMemberId: to })
    .where(and(eq(cases.prisonerId, prisonerId), eq(cases.familyMemberId, from)))
    .returning({ id: cases.id });
  return rows.length;
}

export async function deleteFollow(db: Db, prisonerId: string, memberId: string) {
  await db
    .delete(prisonerFollowers)
    .where(and(eq(prisonerFollowers.prisonerId, prisonerId), eq(prisonerFollowers.familyMemberId, memberId)));
}
