// What the jail authority changes: an NGO seat, Bail-Accept and its undo, each with its audit entry,
// notices and emails written together (the routes check access and call one of these).
import { sharingRefusal } from '../family/consent.use-cases.ts';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';

import { JAIL_ERROR_MESSAGES, type AssignNgoResult, type BailAcceptResult, type BailUndoResult } from '#shared/jail.ts';
import type { Db } from '../../db/client.ts';

import { auditEvents, bailReviews, emailOutbox, familyMembers, ngos, notifications, users } from '../../db/schema.ts';

import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';
import { notify, sendEmail } from '../../lib/notify.ts';
import { findAssignFacts, findBailAcceptFacts, takeSeatAndAssign, type AssignedNgo } from './jail-facts.queries.ts';

import { ngoAlreadyAssigned, ngoNotFound, noBailPaper, noSeats } from '../../policies/ngo.policy.ts';

const memberId = familyMembers.userId;

async function findMember(db: Db, id: string) {
  const [row] = await db
    .select({ id: memberId, name: familyMembers.name, email: familyMembers.email })
    .from(familyMembers)
    .where(eq(memberId, id))
    .limit(1);
  return row;
}

/**
 * docs/spec.md#4-states-and-transitions NGO assignment (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong):
 * the seat, the assignment and its audit entry are one statement that commits on its own
 * (docs/decisions/0072-ngo-seat-in-one-statement.md). The assignment's primary key allows one NGO per
 * family member; any refusal writes nothing, so a refused assignment never costs a seat.
 */
export async function assignNgo(db: Db, input: { familyMemberId: string; ngoId: string; assignedBy: string }): Promise<AssignNgoResult> {
  const facts = await findAssignFacts(db, input.familyMemberId);
  if (!facts) throw notFound('family member');
  // No NGO newly sees a member while a consent is withdrawn (docs/decisions/0053-notice-and-consent.md).
  const sharing = sharingRefusal(facts);
  if (sharing) throw sharing;
  if (facts.held) throw ngoAlreadyAssigned();
  let ngo: AssignedNgo | undefined;
  try {
    ngo = await takeSeatAndAssign(db, { memberId: facts.memberId, ngoId: input.ngoId, assignedBy: input.assignedBy });
  } catch (err) {
    // A concurrent assignment of the same member committed first: its statement is undone whole, seat and all.
    if (isUniqueViolation(err, 'ngo_assignments_pkey')) throw ngoAlreadyAssigned();
    throw err;
  }
  if (!ngo) {
    const [exists] = await db.select({ id: ngos.id }).from(ngos).where(eq(ngos.id, input.ngoId)).limit(1);
    if (!exists) throw ngoNotFound();
    throw noSeats();
  }
  const { seatsFree, ...summary } = ngo;
  return { familyMemberId: facts.memberId, ngo: summary, seatsFree };
}

/**
 * docs/spec.md#4-states-and-transitions Bail-Accept: the bail review becomes Accepted and, in the same transaction, emails to the
 * first accepted lawyer and to the family member are queued. Accepting again changes nothing.
 */
export async function acceptBail(
  db: Db,
  input: { familyMemberId: string; decidedBy: string; publicUrl: string; emailHoldMs?: number },
): Promise<BailAcceptResult> {
  // The emails wait out the undo window (BAIL_UNDO_SECONDS), so an undo in time cancels them.
  const notBefore = new Date(Date.now() + (input.emailHoldMs ?? 0));
  return db.transaction(async (tx) => {
    const facts = await findBailAcceptFacts(tx, input.familyMemberId);
    if (!facts) throw notFound('family member');
    const { member, lawyer } = facts;
    if (facts.acceptedAt)
      return { familyMemberId: member.id, status: 'Accepted', decidedAt: facts.acceptedAt.toISOString(), alreadyAccepted: true };
    if (!facts.hasPaper) throw noBailPaper();
    // Two authorities pressing at once: one insert wins, the other finds the row and sends nothing.
    const [review] = await tx
      .insert(bailReviews)
      .values({ familyMemberId: member.id, status: 'Accepted', decidedBy: input.decidedBy })
      .onConflictDoNothing()
      .returning();
    if (!review) {
      const [after] = await tx.select().from(bailReviews).where(eq(bailReviews.familyMemberId, member.id)).limit(1);
      return {
        familyMemberId: member.id,
        status: 'Accepted',
        decidedAt: (after?.decidedAt ?? new Date()).toISOString(),
        alreadyAccepted: true,
      };
    }
    // Each told in their own language, in the app and by email.
    const emailIds: string[] = [];
    if (lawyer) {
      const id = await notify(tx, lawyer, {
        kind: 'bail_accepted_lawyer',
        params: { member: member.name },
        link: '/lawyer-cases',
        publicUrl: input.publicUrl,
        notBefore,
      });
      if (id) emailIds.push(id);
    }
    // The audit entry records both emails (an undo cancels them), written with the second.
    await notify(tx, member.recipient, {
      kind: lawyer ? 'bail_accepted_family_told' : 'bail_accepted_family',
      params: lawyer ? { lawyer: lawyer.name } : {},
      link: '/family-case',
      publicUrl: input.publicUrl,
      notBefore,
      audit: {
        actorId: input.decidedBy,
        action: 'bail.accepted',
        subject: member.id,
        details: { emailedLawyer: !!lawyer },
        emailIdsWith: emailIds,
      },
    });
    return { familyMemberId: member.id, status: 'Accepted', decidedAt: review.decidedAt.toISOString(), alreadyAccepted: false };
  });
}

/**
 * Undo a Bail-Accept made by mistake, within BAIL_UNDO_SECONDS of it (server-enforced): the review
 * goes, its held emails that have not gone out are cancelled, and any that already went get a
 * correction. Undoing what is not accepted (a second tap) changes nothing and says so.
 */
export async function undoBailAccept(
  db: Db,
  input: { familyMemberId: string; undoneBy: string; windowMs: number },
): Promise<BailUndoResult> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, input.familyMemberId);
    if (!member) throw notFound('family member');
    const [review] = await tx.select().from(bailReviews).where(eq(bailReviews.familyMemberId, member.id)).for('update').limit(1);
    if (!review) return { familyMemberId: member.id, alreadyUndone: true, corrections: 0 };
    if (Date.now() - review.decidedAt.getTime() > input.windowMs) throw conflict('bail_undo_expired', JAIL_ERROR_MESSAGES.undoExpired);
    await tx.delete(bailReviews).where(eq(bailReviews.familyMemberId, member.id));
    // The acceptance's emails, as recorded with it.
    const [accepted] = await tx
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, member.id), eq(auditEvents.action, 'bail.accepted')))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    const emailIds = ((accepted?.details?.emailIds as string[] | undefined) ?? []).filter((id) => typeof id === 'string');
    let corrections = 0;
    if (emailIds.length) {
      // Not yet claimed by the outbox worker: cancel. Anything else went (or is going) out: correct it.
      const cancelled = await tx
        .delete(emailOutbox)
        .where(and(inArray(emailOutbox.id, emailIds), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, 0)))
        .returning({ id: emailOutbox.id });
      const gone = new Set(cancelled.map((c) => c.id));
      const delivered = await tx
        .select({ to: emailOutbox.to })
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.id,
            emailIds.filter((id) => !gone.has(id)),
          ),
        );
      // Each correction in its recipient's saved language: one lookup for all of them by address
      // (users.email is unique and lower case); English for an address with no account.
      const addresses = [...new Set(delivered.map((d) => d.to.toLowerCase()))];
      const people = addresses.length
        ? await tx
            .select({ email: users.email, name: users.name, language: users.language })
            .from(users)
            .where(inArray(users.email, addresses))
        : [];
      const byEmail = new Map(people.map((p) => [p.email, p]));
      for (const { to } of delivered) {
        const person = byEmail.get(to.toLowerCase());
        await sendEmail(
          tx,
          { email: to, name: person?.name ?? to, language: person?.language },
          { kind: 'bail_accept_undone', params: { member: member.name } },
        );
        corrections++;
      }
    }
    // The in-app notices of the acceptance are withdrawn with it.
    await tx
      .delete(notifications)
      .where(
        and(
          inArray(notifications.kind, ['bail_accepted_lawyer', 'bail_accepted_family', 'bail_accepted_family_told']),
          gte(notifications.createdAt, review.decidedAt),
          sql`(${notifications.params}->>'memberId' = ${member.id} or ${notifications.userId} = ${member.id})`,
        ),
      );
    await audit(tx, input.undoneBy, 'bail.undone', member.id, { corrections });
    return { familyMemberId: member.id, alreadyUndone: false, corrections };
  });
}
