// Case facts and their stored release dates, shared by the family, lawyer, jail and cases
// features. Every write goes through here so the dates are recomputed in the same transaction as the
// facts, and every change after the case was added lands in the case timeline with who made it.
// Also the release clock: the day the dashboard's release flags are computed for, and its daily pass
// (drizzle/0006_release_custody.sql).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { changedFacts, storedRelease, toCaseFacts, type CaseFacts, type CaseFactsCurrent, type CaseFactsParsed } from '#shared/cases.ts';
import { caseAllBailable } from '#shared/bail-money-route.ts';
import { STALE_EDIT_MESSAGE } from '#shared/edit-versions.ts';
import { todayInIndia } from '#shared/release.ts';
import type { Db } from '../db/client.ts';
import { auditEvents, caseEvents, cases, prisonerFollowers, prisoners, users } from '../db/schema.ts';
import { invalid, staleEdit } from './errors.ts';

export type CaseRow = typeof cases.$inferSelect;

export function readFacts(row: Pick<CaseRow, keyof CaseFacts>): CaseFacts {
  return {
    prisonerName: row.prisonerName,
    prisonerRelation: row.prisonerRelation as CaseFacts['prisonerRelation'],
    prison: row.prison,
    custodySince: row.custodySince,
    court: row.court,
    cnr: row.cnr,
    offences: row.offences,
    firstOffence: row.firstOffence,
    otherPendingCases: row.otherPendingCases,
    delayByAccusedDays: row.delayByAccusedDays,
    chargesheetFiledOn: row.chargesheetFiledOn,
    chargesFramedOn: row.chargesFramedOn,
    chargesFramed: row.chargesFramed,
  };
}

export function readStoredRelease(row: CaseRow) {
  return {
    s479Status: row.s479Status,
    s479Fraction: row.s479Fraction,
    s479EligibleOn: row.s479EligibleOn,
    maximumEndsOn: row.maximumEndsOn,
    defaultBailDays: row.defaultBailDays,
    defaultBailEligibleOn: row.defaultBailEligibleOn,
    releasedOn: row.releasedOn,
    bailGrantedOn: row.bailGrantedOn,
    otherCasesHeld: row.otherCasesHeld,
    decidedOn: row.disposedOn,
  };
}

/**
 * Parsed input → the columns to write: the facts, the dates derived from them and whether every counted
 * offence is bailable (S.478; derived.ts 'case-all-bailable'). Dates after today (in India) are refused:
 * custody and a charge-sheet are facts of the past.
 */
export function factColumns(input: CaseFactsParsed, today = todayInIndia(), otherCasesHeld = 0, decided = false) {
  const future = (['custodySince', 'chargesheetFiledOn', 'chargesFramedOn'] as const).filter((k) => {
    const v = input[k];
    return v !== null && v > today;
  });
  if (future.length > 0)
    throw invalid(
      'A date is in the future.',
      future.map((path) => ({ path, message: 'This date cannot be in the future.' })),
    );
  const facts = toCaseFacts(input);
  return { facts, columns: { ...facts, ...storedRelease(facts, otherCasesHeld, decided), allBailable: caseAllBailable(facts) } };
}

/**
 * Locks these prisoners' rows, in id order; returns the ids. Whoever adds, decides or takes away a case
 * takes its prisoner's lock **before** any case row: counting a prisoner's cases rewrites each of them,
 * and their triggers write the rows of every relative who registered one. Taken after a case row (or a
 * relative's row), two relatives adding a case to the same prisoner at once would each hold what the
 * other waits for (PostgreSQL's deadlock, a 500 to one of them).
 */
export async function lockPrisoners(tx: Db, prisonerIds: (string | null)[]): Promise<string[]> {
  const ids = [...new Set(prisonerIds.filter((id): id is string => !!id))].sort();
  if (ids.length > 0)
    await tx.execute(
      sql`select 1 from ${prisoners} where ${prisoners.id} = any(${sql.param(ids)}::uuid[]) order by ${prisoners.id} for update`,
    );
  return ids;
}

/**
 * The prisoner a new case of this member naming this prisoner joins — the one cases_prisoner_default
 * (drizzle/objects/functions) would choose: the member's earliest followed prisoner of that name — locked
 * before the case is inserted (see lockPrisoners). Null when the insert makes a new prisoner, whom no one
 * else follows yet.
 */
export async function lockPrisonerNamed(tx: Db, memberId: string, prisonerName: string | null | undefined): Promise<string | null> {
  const [found] = await tx
    .select({ id: prisonerFollowers.prisonerId })
    .from(prisonerFollowers)
    .innerJoin(prisoners, eq(prisoners.id, prisonerFollowers.prisonerId))
    .where(and(eq(prisonerFollowers.familyMemberId, memberId), sql`lower(btrim(${prisoners.name})) = lower(btrim(${prisonerName ?? ''}))`))
    .orderBy(asc(prisonerFollowers.joinedAt), asc(prisonerFollowers.prisonerId))
    .limit(1)
    .for('update', { of: prisoners });
  return found?.id ?? null;
}

/**
 * After cases were added to (or taken from) these prisoners, or one was decided: each case's count of the
 * prisoner's other pending cases Rihaai holds (a case the court decided is no longer pending), and its
 * release dates with the S.479(2) bar they make (docs/law.md#section-479-bnss) — none for a decided case —
 * written where they changed. The prisoners' rows are locked first, so two relatives adding a case to
 * the same prisoner at once count each other's. A prisoner has a handful of cases: one indexed read.
 */
export async function refreshPrisonerCases(tx: Db, prisonerIds: (string | null)[]): Promise<void> {
  const ids = await lockPrisoners(tx, prisonerIds);
  if (ids.length === 0) return;
  const rows = await tx.select().from(cases).where(inArray(cases.prisonerId, ids));
  const pending = new Map<string, number>();
  for (const r of rows) if (r.disposedOn === null) pending.set(r.prisonerId, (pending.get(r.prisonerId) ?? 0) + 1);
  for (const row of rows) {
    const decided = row.disposedOn !== null;
    const held = (pending.get(row.prisonerId) ?? 0) - (decided ? 0 : 1);
    const fresh = { otherCasesHeld: held, ...storedRelease(readFacts(row), held, decided) };
    const stale = (Object.keys(fresh) as (keyof typeof fresh)[]).some((k) => row[k] !== fresh[k]);
    if (stale) await tx.update(cases).set(fresh).where(eq(cases.id, row.id));
  }
}

/**
 * Writes new facts on a case and records what changed; returns the changed field names.
 * `expectedVersion` is the facts' version the form was loaded at: when someone else has saved since,
 * nothing is written and the answer is 409 stale_edit with the facts as saved now. The version is
 * bumped in the same UPDATE, only where it is still the expected one.
 */
export async function updateCaseFacts(
  tx: Db,
  caseId: string,
  actorId: string,
  input: CaseFactsParsed,
  expectedVersion?: number,
): Promise<string[]> {
  const [before] = await tx.select().from(cases).where(eq(cases.id, caseId)).for('update').limit(1);
  if (!before) return [];
  const expected = expectedVersion ?? before.factsVersion;
  if (before.factsVersion !== expected) throw await staleFacts(tx, before);
  const { facts, columns } = factColumns(input, todayInIndia(), before.otherCasesHeld, before.disposedOn !== null);
  const fields = changedFacts(readFacts(before), facts);
  if (fields.length === 0) return [];
  const written = await tx
    .update(cases)
    .set({ ...columns, factsVersion: sql`${cases.factsVersion} + 1` })
    .where(and(eq(cases.id, caseId), eq(cases.factsVersion, expected)))
    .returning({ id: cases.id });
  if (written.length === 0) throw await staleFacts(tx, before);
  await tx.insert(caseEvents).values({ caseId, actorId, kind: 'facts_changed', details: { fields } });
  return fields;
}

/** Whether a save with these changed fields frames charges (or changes them): the case's people are told. */
export function framesCharges(facts: { chargesFramed: readonly unknown[] }, fields: readonly string[]): boolean {
  return facts.chargesFramed.length > 0 && fields.some((f) => f === 'chargesFramed' || f === 'chargesFramedOn');
}

/**
 * A facts save in one statement (docs/decisions/0069-case-facts-save-in-one-statement.md): the update,
 * its timeline entry and its audit entry, written only while the case's row is still the version the
 * caller read (`read.rowVersion`, the row's xmin): then nothing the save depends on (the facts, their
 * version, the other cases held, the decision) has moved since, and no lock is needed to compare them.
 * Returns the save (SavedAsRead: the row as written, so the caller answers without reading it again), or
 * null when the caller must take the locked path (updateCaseFacts): the row changed since it was read,
 * the version is not the expected one (409 there, with the facts as saved), or the save frames charges,
 * whose notices that path sends.
 */
export async function saveFactsAsRead(
  db: Db,
  read: CaseRow & { rowVersion: string },
  actorId: string,
  input: CaseFactsParsed,
  expectedVersion: number,
): Promise<SavedAsRead | null> {
  if (read.factsVersion !== expectedVersion) return null;
  const { facts, columns } = factColumns(input, todayInIndia(), read.otherCasesHeld, read.disposedOn !== null);
  const fields = changedFacts(readFacts(read), facts);
  const { rowVersion: _read, ...before } = read;
  if (fields.length === 0) return { row: before, fields, at: null };
  if (framesCharges(facts, fields)) return null;
  const update = db
    .update(cases)
    .set({ ...columns, factsVersion: sql`${cases.factsVersion} + 1` })
    .where(and(eq(cases.id, read.id), eq(cases.factsVersion, expectedVersion), sql`${cases}.xmin::text = ${read.rowVersion}`))
    .returning({ id: cases.id });
  const { rows } = (await db.execute(sql`with written as (${update.getSQL()}),
    event as (insert into ${caseEvents} (case_id, actor_id, kind, details)
      select w.id, ${actorId}::uuid, 'facts_changed', ${JSON.stringify({ fields })}::jsonb from written w returning at),
    audited as (insert into ${auditEvents} (actor_id, action, subject, details)
      select ${actorId}::uuid, 'case.facts_changed', ${read.familyMemberId}, ${JSON.stringify({ caseId: read.id, fields })}::jsonb from written)
    select (select at from event) as at from written`)) as Rows<{ at: Date | string }>;
  const written = rows[0];
  if (!written) return null;
  // The row was the one read (its xmin) until this update, which wrote exactly these columns: the row now.
  return { row: { ...before, ...columns, factsVersion: expectedVersion + 1 }, fields, at: new Date(written.at).toISOString() };
}

/**
 * A save made by saveFactsAsRead: the case's row as it is now, the fields it changed and when its timeline
 * entry was written (null when nothing changed and nothing was written).
 */
export interface SavedAsRead {
  row: CaseRow;
  fields: string[];
  at: string | null;
}

/** 409 stale_edit for a facts save: the facts as saved now, with who changed them last and when. */
async function staleFacts(tx: Db, before: CaseRow) {
  const [row] = await tx.select().from(cases).where(eq(cases.id, before.id)).limit(1);
  const now = row ?? before;
  const [last] = await tx
    .select({ at: caseEvents.at, name: users.name, role: users.role })
    .from(caseEvents)
    .leftJoin(users, eq(users.id, caseEvents.actorId))
    .where(and(eq(caseEvents.caseId, now.id), eq(caseEvents.kind, 'facts_changed')))
    .orderBy(desc(caseEvents.at), desc(caseEvents.id))
    .limit(1);
  const current: CaseFactsCurrent = {
    facts: readFacts(now),
    version: now.factsVersion,
    changedBy: last ? { name: last.name, role: last.role } : null,
    changedAt: last ? last.at.toISOString() : null,
  };
  return staleEdit(STALE_EDIT_MESSAGE, current);
}

export async function recordApplicationPrinted(tx: Db, caseId: string, actorId: string) {
  const [row] = await tx.insert(caseEvents).values({ caseId, actorId, kind: 'application_printed' }).returning({ at: caseEvents.at });
  if (!row) throw new Error('case event insert returned nothing');
  return row.at;
}

type Rows<T> = { rows: T[] };

/**
 * The daily pass: moves the clock to `day` (forwards or back) and recomputes the flags of the members
 * whose dates lie in between. Returns how many members were recomputed.
 */
export async function advanceReleaseClock(db: Db, day: string): Promise<number> {
  const { rows } = (await db.execute(sql`select release_clock_advance(${day}::date) as n`)) as Rows<{ n: number | string }>;
  return Number(rows[0]?.n ?? 0);
}

/**
 * Before a read of the flags: moves the clock forward to today if the day has turned since the last
 * pass (one single-row read otherwise), so the dashboard is exact even before the worker's next pass.
 * Returns the day the flags are for.
 */
export async function syncReleaseClock(db: Db, today = todayInIndia()): Promise<string> {
  const result = await syncReleaseClockNow(db, today);
  if (result === today) clockSyncedFor.set(db, today);
  return result;
}

/** The day each database's clock was last seen at in this process (it only moves forward). */
const clockSyncedFor = new WeakMap<object, string>();

/**
 * For reads on every request (the jail dashboard): moves the clock only the first time this
 * process sees a new day, so a request costs no statement for it on any other call.
 */
export async function ensureReleaseClock(db: Db, today = todayInIndia()): Promise<void> {
  if (clockSyncedFor.get(db) === today) return;
  await syncReleaseClock(db, today);
}

async function syncReleaseClockNow(db: Db, today: string): Promise<string> {
  const { rows } = (await db.execute(
    sql`select greatest(as_of, ${today}::date)::text as day,
          case when as_of < ${today}::date then release_clock_advance(${today}::date) else 0 end as moved
        from release_clock`,
  )) as Rows<{ day: string }>;
  return rows[0]?.day ?? today;
}
