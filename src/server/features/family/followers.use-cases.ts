// Relatives following a prisoner (docs/decisions/0050-relatives-join-by-invitation.md): a follower
// invites another relative with a short code, the relative joins with it, and either leaves. Each
// use case owns its transaction, its audit entry and what it tells the other followers.
import { randomInt } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { User } from '#shared/accounts.ts';
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_DAYS,
  formatInviteCode,
  normalizeInviteCode,
  type AcceptInvitation,
  type Invitation,
  type InvitationPreview,
} from '#shared/prisoner-followers.ts';
import { normalizePhone } from '#shared/family.ts';
import type { AppDeps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';
import { lockPrisoners } from '../../lib/case-facts.ts';
import { findRecipients, notifyAll } from '../../lib/notify.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import {
  deleteFollow,
  findFollow,
  findLiveInvitation,
  handOverCases,
  insertFamilyRecord,
  insertFollow,
  insertInvitation,
  listFollowedPrisoners,
  otherFollowerIds,
  prisonerLocation,
  useInvitation,
} from './followers.queries.ts';
import { isRegistered } from './family.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env'>;
type Member = Pick<User, 'id' | 'name'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Invitations a member may send a day: a family has a few relatives, not hundreds. */
export const INVITES_PER_DAY = 10;
/** Codes a member (and an address) may try in a quarter of an hour: 31^8 codes make guessing hopeless. */
export const CODE_TRIES_PER_MEMBER = 10;
export const CODE_TRIES_PER_IP = 30;
const TRY_WINDOW_MS = 15 * 60 * 1000;

/** Eight letters from the unambiguous alphabet, from the system's cryptographic source. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

const codeHash = (code: string) => sha256Hex(`prisoner-invite:${normalizeInviteCode(code)}`);

/** A wrong, used or expired code: one answer, so a guesser learns nothing. */
const noSuchInvitation = () => notFound('invitation (the code is wrong, used or expired)');

export async function listPrisoners({ db }: Pick<Deps, 'db'>, member: Member) {
  return { prisoners: await listFollowedPrisoners(db, member.id) };
}

/** A follower's invitation: the code is shown once; only its hash is kept. */
export async function invite({ db, env }: Deps, reply: FastifyReply, member: Member, prisonerId: string): Promise<Invitation> {
  // A prisoner the member does not follow is not theirs to invite to (and not revealed).
  if (!(await findFollow(db, member.id, prisonerId))) throw notFound('prisoner');
  await enforce(db, reply, { key: `invite:${member.id}`, max: INVITES_PER_DAY, windowMs: DAY_MS });
  const expiresAt = new Date(Date.now() + INVITE_DAYS * DAY_MS);
  for (;;) {
    const code = newInviteCode();
    try {
      await db.transaction(async (tx) => {
        await insertInvitation(tx, { id: codeHash(code), prisonerId, invitedBy: member.id, expiresAt });
        await audit(tx, member.id, 'prisoner.invitation_created', prisonerId, { expiresAt: expiresAt.toISOString() });
      });
    } catch (err) {
      // A live code drawn twice (one in 10^11): draw again.
      if (isUniqueViolation(err)) continue;
      throw err;
    }
    const shown = formatInviteCode(code);
    return { code: shown, link: `${env.PUBLIC_URL.replace(/\/$/, '')}/join?code=${shown}`, expiresAt: expiresAt.toISOString() };
  }
}

async function spendTry(db: Db, reply: FastifyReply, member: Member, ip: string) {
  await enforce(db, reply, { key: `invite-try:${member.id}`, max: CODE_TRIES_PER_MEMBER, windowMs: TRY_WINDOW_MS });
  await enforce(db, reply, { key: `invite-try-ip:${ip}`, max: CODE_TRIES_PER_IP, windowMs: TRY_WINDOW_MS });
}

/** What a code leads to, before joining: the prisoner's name and who sent it. */
export async function lookUp({ db }: Deps, reply: FastifyReply, member: Member, ip: string, code: string): Promise<InvitationPreview> {
  await spendTry(db, reply, member, ip);
  const found = await findLiveInvitation(db, codeHash(code));
  if (!found) throw noSuchInvitation();
  return {
    prisoner: { name: found.prisonerName, nameLatin: found.prisonerNameLatin },
    invitedBy: found.inviterName ?? '',
    expiresAt: found.expiresAt.toISOString(),
    alreadyFollowing: !!(await findFollow(db, member.id, found.prisonerId)),
    registered: await isRegistered(db, member.id),
  };
}

/** Joins the prisoner's followers with the code (spent in the same transaction); the others are told. */
export async function accept({ db, env }: Deps, reply: FastifyReply, member: Member, ip: string, input: AcceptInvitation) {
  await spendTry(db, reply, member, ip);
  const hash = codeHash(input.code);
  return db.transaction(async (tx) => {
    const found = await findLiveInvitation(tx, hash);
    if (!found) throw noSuchInvitation();
    if (await findFollow(tx, member.id, found.prisonerId)) throw conflict('conflict', 'You already follow this prisoner.');
    if (!(await isRegistered(tx, member.id))) {
      if (input.phone === undefined || input.address === undefined) {
        const message = 'Give your phone number and address: you have no family record yet.';
        throw invalid(message, [
          ...(input.phone === undefined ? [{ path: 'phone', message: 'Phone number is required.' }] : []),
          ...(input.address === undefined ? [{ path: 'address', message: 'Address is required.' }] : []),
        ]);
      }
      const place = await prisonerLocation(tx, found.prisonerId);
      await insertFamilyRecord(tx, { userId: member.id, phone: normalizePhone(input.phone), address: input.address, ...place });
      await audit(tx, member.id, 'family.registered', member.id, { by: 'invitation' });
    }
    // Joins and leaves of one prisoner take turns, so the last follower is never lost.
    await lockPrisoners(tx, [found.prisonerId]);
    // Spent here: of two people joining with one code, the second finds it used.
    if (!(await useInvitation(tx, hash))) throw noSuchInvitation();
    await insertFollow(tx, { prisonerId: found.prisonerId, familyMemberId: member.id, relation: input.relation });
    await audit(tx, member.id, 'prisoner.follower_joined', found.prisonerId, { relation: input.relation, invitedBy: found.invitedBy });
    const others = await findRecipients(tx, await otherFollowerIds(tx, found.prisonerId, member.id));
    await notifyAll(tx, others, {
      kind: 'follower_joined',
      params: { name: member.name, relation: input.relation, prisoner: found.prisonerName },
      link: '/family-case',
      publicUrl: env.PUBLIC_URL,
    });
    return { prisonerId: found.prisonerId };
  });
}

/**
 * Stops following. The only follower may not leave: the prisoner's record and cases would belong to
 * nobody. The leaver's cases of this prisoner go to the follower who joined first.
 */
export async function leave({ db, env }: Deps, member: Member, prisonerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPrisoners(tx, [prisonerId]);
    const mine = await findFollow(tx, member.id, prisonerId);
    if (!mine) throw notFound('prisoner');
    const otherIds = await otherFollowerIds(tx, prisonerId, member.id);
    const heir = otherIds[0];
    if (heir === undefined)
      throw conflict('conflict', 'You are the only relative following this prisoner: invite another relative before you leave.');
    let handedOver: number;
    try {
      handedOver = await handOverCases(tx, prisonerId, member.id, heir);
    } catch (err) {
      if (isUniqueViolation(err, 'cases_member_number_unique'))
        throw conflict('case_exists', 'The relative who would keep your cases already has a case with the same case ID.');
      throw err;
    }
    await deleteFollow(tx, prisonerId, member.id);
    await audit(tx, member.id, 'prisoner.follower_left', prisonerId, { casesHandedTo: handedOver > 0 ? heir : null, cases: handedOver });
    await notifyAll(tx, await findRecipients(tx, otherIds), {
      kind: 'follower_left',
      params: { name: member.name, relation: mine.relation, prisoner: mine.prisonerName },
      link: '/family-case',
      publicUrl: env.PUBLIC_URL,
    });
  });
}
