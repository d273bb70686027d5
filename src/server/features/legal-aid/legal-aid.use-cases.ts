// Legal-aid applications (docs/law.md#free-legal-aid): a family member files one for a prisoner they
// follow, with the DLSA of the prisoner's prison's district; that DLSA accepts it, assigning a verified
// lawyer who becomes the family's lawyer (an accepted lawyer request that names the application), or
// refuses it with a reason the family reads. Each in one transaction with its notices and audit entry.
import { sql } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import { legalAidDueOn, type LegalAidDecision } from '#shared/legal-aid.ts';
import { todayInIndia } from '#shared/release.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { findRecipients, notify } from '../../lib/notify.ts';
import { dlsaDistrict } from '../prisons/bail-desk.queries.ts';

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

const pendingConflict = () => conflict('legal_aid_pending', 'An application for this person is already waiting for the DLSA to decide.');

export async function fileLegalAid(
  db: Db,
  user: Pick<User, 'id'>,
  body: { prisonerId: string; note: string },
  today = todayInIndia(),
): Promise<{ id: string; prisonerId: string; dueOn: string }> {
  try {
    return await db.transaction(async (tx) => {
      // Only a prisoner the member follows; another's answers as one that does not exist.
      const [p] = rowsOf<{ status: string; prison_id: string | null; state: string | null; district: string | null }>(
        await tx.execute(sql`
          select p.status, p.prison_id, pr.state, pr.district from prisoner_followers f
          join prisoners p on p.id = f.prisoner_id left join prisons pr on pr.id = p.prison_id
          where f.family_member_id = ${user.id} and f.prisoner_id = ${body.prisonerId}`),
      );
      if (!p) throw notFound('prisoner');
      if (p.status === 'released')
        throw conflict('conflict', 'The person is recorded as released: legal aid in custody is for persons held.');
      if (!p.prison_id || !p.state || !p.district)
        throw conflict(
          'no_prison_on_record',
          'The prison is not on record yet, so Rihaai cannot tell which DLSA to send this to. Call 15100 meanwhile.',
        );
      const dueOn = legalAidDueOn(today);
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into legal_aid_applications (prisoner_id, family_member_id, prison_id, state, district, note, due_on)
          values (${body.prisonerId}, ${user.id}, ${p.prison_id}, ${p.state}, ${p.district}, ${body.note}, ${dueOn}::date)
          returning id`),
      );
      await audit(tx, user.id, 'legal_aid.filed', body.prisonerId, { applicationId: row!.id });
      return { id: row!.id, prisonerId: body.prisonerId, dueOn };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'legal_aid_applications_one_pending')) throw pendingConflict();
    throw err;
  }
}

type Application = { id: string; prisoner_id: string; prisoner_name: string; status: string; family_member_id: string };

/** The application, locked, if it is this DLSA's district's; 404 otherwise (scope is not revealed). */
async function lockInScope(tx: Db, user: Pick<User, 'id'>, id: string): Promise<Application> {
  const { state, district } = await dlsaDistrict(tx, user);
  const [a] = rowsOf<Application>(
    await tx.execute(sql`
      select a.id, a.prisoner_id, p.name as prisoner_name, a.status, a.family_member_id from legal_aid_applications a
      join prisoners p on p.id = a.prisoner_id
      where a.id = ${id} and a.state = ${state} and a.district = ${district}
      for update of a`),
  );
  if (!a) throw notFound('application');
  if (a.status !== 'pending') throw conflict('request_decided', 'This application has already been decided.');
  return a;
}

/** The prisoner's family on Rihaai: every follower (the filer among them). */
async function followers(tx: Db, prisonerId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await tx.execute(sql`select family_member_id as id from prisoner_followers where prisoner_id = ${prisonerId}`),
  ).map((r) => r.id);
}

export async function acceptLegalAid(
  db: Db,
  user: Pick<User, 'id'>,
  id: string,
  lawyerId: string,
  publicUrl: string,
): Promise<LegalAidDecision> {
  return db.transaction(async (tx) => {
    const a = await lockInScope(tx, user, id);
    const [lawyer] = rowsOf<{ name: string; phone: string; verified: boolean }>(
      await tx.execute(sql`
        select u.name, l.phone, l.verified_at is not null as verified from lawyers l join users u on u.id = l.user_id
        where l.user_id = ${lawyerId} and u.disabled_at is null`),
    );
    if (!lawyer)
      throw new AppError(400, 'validation', 'Choose a registered lawyer.', [{ path: 'lawyerId', message: 'Choose a registered lawyer.' }]);
    if (!lawyer.verified)
      throw conflict('lawyer_not_verified', "This lawyer's Bar Council enrolment is not verified yet: choose a verified lawyer.");
    const [decided] = rowsOf<{ decided_at: unknown }>(
      await tx.execute(sql`
        update legal_aid_applications set status = 'accepted', decided_at = now(), decided_by = ${user.id}, lawyer_id = ${lawyerId}
        where id = ${id} returning decided_at`),
    );
    // The lawyer becomes the family's lawyer: an open request of the member to this lawyer is accepted on
    // the application's behalf; with none, one is made accepted. The member's counters and cards follow
    // by their triggers, as for a lawyer's own acceptance.
    const updated = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update lawyer_requests set status = 'accepted', decided_at = coalesce(decided_at, now()), legal_aid_application_id = ${id}
        where family_member_id = ${a.family_member_id} and lawyer_id = ${lawyerId} and status in ('pending', 'accepted')
        returning id`),
    );
    if (updated.length === 0) {
      await tx.execute(sql`
        insert into lawyer_requests (family_member_id, lawyer_id, status, decided_at, legal_aid_application_id)
        values (${a.family_member_id}, ${lawyerId}, 'accepted', now(), ${id})`);
    }
    const people = await findRecipients(tx, [...(await followers(tx, a.prisoner_id)), lawyerId]);
    for (const r of people) {
      if (r.id === lawyerId) {
        await notify(tx, r, {
          kind: 'legal_aid_assigned',
          params: { prisoner: a.prisoner_name },
          link: '/lawyer-cases',
          publicUrl,
        });
      } else {
        await notify(tx, r, {
          kind: 'legal_aid_accepted',
          params: { prisoner: a.prisoner_name, lawyer: lawyer.name, phone: lawyer.phone },
          link: '/legal-aid',
          publicUrl,
        });
      }
    }
    await audit(tx, user.id, 'legal_aid.accepted', a.prisoner_id, { applicationId: id, lawyerId });
    return { id, prisonerId: a.prisoner_id, status: 'accepted' as const, decidedAt: iso(decided!.decided_at) };
  });
}

export async function refuseLegalAid(
  db: Db,
  user: Pick<User, 'id'>,
  id: string,
  reason: string,
  publicUrl: string,
): Promise<LegalAidDecision> {
  return db.transaction(async (tx) => {
    const a = await lockInScope(tx, user, id);
    const [decided] = rowsOf<{ decided_at: unknown }>(
      await tx.execute(sql`
        update legal_aid_applications set status = 'refused', decided_at = now(), decided_by = ${user.id}, refusal_reason = ${reason}
        where id = ${id} returning decided_at`),
    );
    for (const r of await findRecipients(tx, await followers(tx, a.prisoner_id))) {
      await notify(tx, r, { kind: 'legal_aid_refused', params: { prisoner: a.prisoner_name, reason }, link: '/legal-aid', publicUrl });
    }
    await audit(tx, user.id, 'legal_aid.refused', a.prisoner_id, { applicationId: id });
    return { id, prisonerId: a.prisoner_id, status: 'refused' as const, decidedAt: iso(decided!.decided_at) };
  });
}
