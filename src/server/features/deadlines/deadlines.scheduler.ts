// Deadlines that chase people: run inside the outbox worker's loop (lib/outbox.ts calls
// runScheduledDeadlines before each delivery pass), never as a second scheduler.
//
// Exactly once, with any number of app instances: every event has a unique key in deadline_events.
// The key is inserted with ON CONFLICT DO NOTHING in the same transaction as the event's
// notifications and outbox emails, so a second worker either waits for the first to commit and
// then inserts nothing, or finds the key already there; a rollback leaves the event to fire later.
//
// Events (who gets what, and when — "today" is the Indian calendar day of the pass):
// - hearing-reminder:<hearing>:<date>  the day before a hearing without an outcome → the family
//   member and the case's accepted lawyers (notification; email unless reminder emails are off).
// - request-reminder:<request>  a lawyer request pending 48 hours → the lawyer.
// - request-overdue:<request>   pending 7 days → the family member, pointed to other lawyers of the
//   type; the jail dashboard lists the request as overdue (listDeadlineFlags).
// - bail-not-released:<case>:<bail date>  7 days after the bail order with no release recorded →
//   the family member and accepted lawyers (what can be done: surety help, S.478 BNSS personal
//   bond) and an email to the DLSA of the case's prison; the jail dashboard flags the member.
// - bail-clock:<case>:<clock>:<day it counts from>  a poor-prisoners fund clock passed → the side that
//   must act, the DLSA and the family (bail-clocks.scheduler.ts).
// - legal-aid-late:<application>  a legal-aid application undecided past its 7 days → the prisoner's
//   family and an email to the state's administrators (legal-aid/legal-aid.scheduler.ts).
import { checkDerived } from '../../db/derived.ts';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEADLINE_LIMITS, addDays, indianDay } from '#shared/deadlines.ts';
import type { Db } from '../../db/client.ts';
import { fillLatinNames } from '../prisons/prisons.queries.ts';
import { cases, deadlineEvents, hearings, lawyerRequests, lawyers, prisoners, prisons, users } from '../../db/schema.ts';
import { findRecipients, sendEmail, notify, type Recipient } from '../../lib/notify.ts';
import { caseAudienceIds, hearingNoticeColumns } from './deadlines.queries.ts';
import { setBeforeDeliveryPass } from '../../lib/outbox.ts';
import { syncReleaseClock } from '../../lib/case-facts.ts';
import { bailClockReminders } from './bail-clocks.scheduler.ts';
import { escalateLateLegalAid } from '../legal-aid/legal-aid.scheduler.ts';

export interface DeadlinePassOptions {
  /** The clock of this pass; tests move it. */
  now: Date;
  publicUrl: string;
  /** At most this many events of each kind per pass; the rest fire on the next passes. */
  batch?: number;
}

/** Where a case event points each recipient. */
export function caseLink(role: Recipient['role'], caseId: string): string {
  return role === 'Family-Member' ? '/family-case' : `/cases/${caseId}/hearings`;
}

/** Inserts the event's key and, only if this call inserted it, tells people in the same transaction. */
async function fireOnce(db: Db, key: string, send: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx.insert(deadlineEvents).values({ key }).onConflictDoNothing().returning({ key: deadlineEvents.key });
    if (!claimed) return false;
    await send(tx);
    return true;
  });
}

const notFired = (keySql: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from ${deadlineEvents} where ${deadlineEvents.key} = ${keySql})`;

async function hearingReminders(db: Db, o: Required<DeadlinePassOptions>, today: string): Promise<string[]> {
  const tomorrow = addDays(today, 1);
  const due = await db
    .select({
      id: hearings.id,
      ...hearingNoticeColumns,
      memberId: cases.familyMemberId,
      memberName: users.name,
      // The prisoner's consent withdrawn: the in-app reminder stays, no email (docs/decisions/0053-notice-and-consent.md).
      consentWithdrawn: sql<boolean>`${prisoners.consentWithdrawnAt} is not null`,
    })
    .from(hearings)
    .innerJoin(cases, eq(cases.id, hearings.caseId))
    .innerJoin(users, eq(users.id, cases.familyMemberId))
    .leftJoin(prisoners, eq(prisoners.id, cases.prisonerId))
    .where(
      and(
        eq(hearings.hearingOn, tomorrow),
        isNull(hearings.outcome),
        notFired(sql`'hearing-reminder:' || ${hearings.id}::text || ':' || ${hearings.hearingOn}::text`),
      ),
    )
    .limit(o.batch);
  const fired: string[] = [];
  for (const h of due) {
    const key = `hearing-reminder:${h.id}:${h.hearingOn}`;
    const ok = await fireOnce(db, key, async (tx) => {
      const recipients = await findRecipients(tx, await caseAudienceIds(tx, h.memberId));
      for (const r of recipients) {
        await notify(tx, h.consentWithdrawn ? { ...r, emailReminders: false } : r, {
          kind: 'hearing_reminder',
          params: { caseNumber: h.caseNumber, member: h.memberName, date: h.hearingOn, court: h.court, purpose: h.purpose },
          link: caseLink(r.role, h.caseId),
          publicUrl: o.publicUrl,
          reminder: true,
        });
      }
    });
    if (ok) fired.push(key);
  }
  return fired;
}

async function requestDeadlines(db: Db, o: Required<DeadlinePassOptions>, stage: 'reminder' | 'overdue'): Promise<string[]> {
  const ms = stage === 'reminder' ? DEADLINE_LIMITS.requestReminderHours * 3_600_000 : DEADLINE_LIMITS.requestOverdueDays * 86_400_000;
  const prefix = stage === 'reminder' ? 'request-reminder:' : 'request-overdue:';
  const due = await db
    .select({
      id: lawyerRequests.id,
      familyMemberId: lawyerRequests.familyMemberId,
      lawyerId: lawyerRequests.lawyerId,
      createdAt: lawyerRequests.createdAt,
      lawyerType: lawyers.lawyerType,
    })
    .from(lawyerRequests)
    .innerJoin(lawyers, eq(lawyers.userId, lawyerRequests.lawyerId))
    .where(
      and(
        eq(lawyerRequests.status, 'pending'),
        lte(lawyerRequests.createdAt, new Date(o.now.getTime() - ms)),
        notFired(sql`${prefix} || ${lawyerRequests.id}::text`),
      ),
    )
    .limit(o.batch);
  const fired: string[] = [];
  for (const r of due) {
    const key = `${prefix}${r.id}`;
    const ok = await fireOnce(db, key, async (tx) => {
      // Answered since the candidates were read: the key is spent, nobody is told.
      const [still] = await tx
        .select({ id: lawyerRequests.id })
        .from(lawyerRequests)
        .where(and(eq(lawyerRequests.id, r.id), eq(lawyerRequests.status, 'pending')));
      if (!still) return;
      const people = await findRecipients(tx, [r.familyMemberId, r.lawyerId]);
      const family = people.find((p) => p.id === r.familyMemberId);
      const lawyer = people.find((p) => p.id === r.lawyerId);
      if (!family || !lawyer) return;
      const params = { family: family.name, lawyer: lawyer.name, date: indianDay(r.createdAt), caseType: r.lawyerType };
      if (stage === 'reminder') {
        await notify(tx, lawyer, { kind: 'request_reminder', params, link: '/pending-case', publicUrl: o.publicUrl, reminder: true });
      } else {
        await notify(tx, family, { kind: 'request_overdue', params, link: '/lawyerSearch', publicUrl: o.publicUrl, reminder: true });
      }
    });
    if (ok) fired.push(key);
  }
  return fired;
}

async function bailNotReleased(db: Db, o: Required<DeadlinePassOptions>, today: string): Promise<string[]> {
  const cutoff = addDays(today, -DEADLINE_LIMITS.releaseDays);
  const due = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      memberId: cases.familyMemberId,
      memberName: users.name,
      prisonerName: prisoners.name,
      bailGrantedOn: sql<string>`${cases.bailGrantedOn}::text`,
      prison: sql<string | null>`coalesce(${prisoners.prisonOther}, ${cases.prison})`,
      prisonName: prisons.name,
      district: prisons.district,
      dlsaEmail: prisons.dlsaEmail,
      consentWithdrawn: sql<boolean>`${prisoners.consentWithdrawnAt} is not null`,
    })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.familyMemberId))
    .innerJoin(prisoners, eq(prisoners.id, cases.prisonerId))
    // The prisoner's prison record; a case from before prisons were records, by its typed name.
    .leftJoin(
      prisons,
      sql`${prisons.id} = coalesce(${prisoners.prisonId}, (select p2.id from prisons p2 where lower(p2.name) = lower(trim(${cases.prison})) limit 1))`,
    )
    .where(
      and(
        sql`${cases.bailGrantedOn} is not null`,
        isNull(cases.releasedOn),
        lte(cases.bailGrantedOn, cutoff),
        notFired(sql`'bail-not-released:' || ${cases.id}::text || ':' || ${cases.bailGrantedOn}::text`),
      ),
    )
    .limit(o.batch);
  const fired: string[] = [];
  for (const c of due) {
    const key = `bail-not-released:${c.id}:${c.bailGrantedOn}`;
    const ok = await fireOnce(db, key, async (tx) => {
      const [still] = await tx
        .select({ id: cases.id })
        .from(cases)
        .where(and(eq(cases.id, c.id), isNull(cases.releasedOn), eq(cases.bailGrantedOn, c.bailGrantedOn)));
      if (!still) return;
      // The person in custody is named, not the relative who registered the case.
      const params = { caseNumber: c.caseNumber, member: c.prisonerName || c.memberName, date: c.bailGrantedOn };
      for (const r of await findRecipients(tx, await caseAudienceIds(tx, c.memberId))) {
        // The prisoner's consent withdrawn: the family's reminder stays in the app, no email (decision 0053).
        const family = r.role === 'Family-Member';
        await notify(tx, family && c.consentWithdrawn ? { ...r, emailReminders: false } : r, {
          kind: family ? 'bail_not_released_family' : 'bail_not_released_lawyer',
          params,
          link: caseLink(r.role, c.id),
          publicUrl: o.publicUrl,
          reminder: true,
        });
      }
      if (c.dlsaEmail) {
        await sendEmail(
          tx,
          { email: c.dlsaEmail, name: `Secretary, DLSA ${c.district ?? ''}`.trim() },
          { kind: 'bail_not_released_dlsa', params: { ...params, prison: c.prisonName ?? c.prison ?? '', district: c.district ?? '' } },
        );
      }
    });
    if (ok) fired.push(key);
  }
  return fired;
}

/** One pass over every deadline kind at `now`; returns the keys this call fired. */
export async function runDeadlinePass(db: Db, options: DeadlinePassOptions): Promise<string[]> {
  const o = { batch: 200, ...options };
  const today = indianDay(o.now);
  // The release tracker's daily pass: the dashboard's release flags and counts move to today.
  await syncReleaseClock(db, today);
  return [
    ...(await hearingReminders(db, o, today)),
    ...(await requestDeadlines(db, o, 'reminder')),
    ...(await requestDeadlines(db, o, 'overdue')),
    ...(await bailClockReminders(db, o, today, fireOnce)),
    ...(await bailNotReleased(db, o, today)),
    ...(await escalateLateLegalAid(db, o, today)),
  ];
}

// --- The hook the outbox worker calls --------------------------------------------------------

let config: { publicUrl: string; everyMs: number } | undefined;
const lastRun = new WeakMap<object, number>();

/** Turns the scheduler on for this process (main.ts); without it the hook does nothing. */
export function configureDeadlineScheduler(options: { publicUrl: string; everyMs?: number }): void {
  config = { publicUrl: options.publicUrl, everyMs: options.everyMs ?? 60_000 };
  setBeforeDeliveryPass(runScheduledDeadlines);
}

/** Called by the outbox worker before each delivery pass: runs a deadline pass at most once a minute. */
export async function runScheduledDeadlines(db: Db, log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>): Promise<void> {
  if (!config) return;
  const now = Date.now();
  if ((lastRun.get(db) ?? -Infinity) + config.everyMs > now) return;
  lastRun.set(db, now);
  try {
    await runDeadlinePass(db, { now: new Date(now), publicUrl: config.publicUrl });
  } catch (err) {
    log.error({ err }, 'deadline pass failed');
  }
  // Once a day (in India), in the background: every derived value checked against its sources.
  const today = indianDay(new Date(now));
  if (lastCheck.get(db) !== today) {
    lastCheck.set(db, today);
    void runDerivedCheck(db, log);
    // Names moved over from before in another script get their Latin form for the search.
    void fillLatinNames(db, { limit: 500 }).catch((err: unknown) => log.error({ err }, 'latin names fill failed'));
  }
}

const lastCheck = new WeakMap<object, string>();

/**
 * The daily check of derived data (db/derived.ts): logs how many stored values differ from a fresh
 * computation (0 is the only right answer; `npm run db:rebuild` repairs any). Yields between pages,
 * so the embedded database keeps answering requests while it runs.
 */
export async function runDerivedCheck(db: Db, log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>): Promise<number> {
  try {
    const started = Date.now();
    const report = await checkDerived(db, { sample: 5, pause: () => new Promise((resolve) => setImmediate(resolve)) });
    const fields = { drift: report.total, counts: report.counts, ms: Date.now() - started };
    if (report.total > 0) log.warn(fields, 'derived data drift: run npm run db:rebuild');
    else log.info(fields, 'derived data checked: no drift');
    return report.total;
  } catch (err) {
    log.error({ err }, 'derived data check failed');
    return -1;
  }
}
