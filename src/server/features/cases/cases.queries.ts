// One case with its facts for the family owner, an accepted lawyer or the jail.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { preparedSelect } from '../../db/prepared.ts';
import type { CaseDetail, CaseEvent } from '#shared/cases.ts';
import type { Db } from '../../db/client.ts';
import {
  bailReviews,
  cases,
  familyMembers,
  lawyerRequests,
  prisonerFollowers,
  prisonerTransfers,
  prisoners,
  prisons,
  users,
} from '../../db/schema.ts';
import { followsPrisoner, relationSql, seesRecordAsLawyer, type Actor, type ClientRelation } from '../../policies/member-record.policy.ts';
import { readFacts, readStoredRelease, type CaseRow, type SavedAsRead } from '../../lib/case-facts.ts';
import { closedCaseDeletedFrom } from '../../lib/retention.ts';
import { isoText, parsedJson } from '../family/child-rows.sql.ts';
import type { CaseAccessFacts } from './cases.policy.ts';

/**
 * What a case's page shows beside the case row, as JSON in the same statement (child-rows.sql.ts): its
 * timeline, oldest first, with who made each entry; the prisoner's prison; and their moves between
 * prisons, oldest first (prisoner_transfers_prisoner_idx), at most 100.
 */
const detailColumns = {
  events: sql<unknown>`(select json_agg(json_build_object('kind', e.kind, 'at', ${isoText(sql`e.at`)},
      'name', u.name, 'role', u.role, 'fields', e.details -> 'fields') order by e.at, e.id)
    from case_events e left join users u on u.id = e.actor_id where e.case_id = ${cases.id})`,
  prison: sql<unknown>`(select json_build_object('id', p.id, 'name', p.name)
    from prisoners pr join prisons p on p.id = pr.prison_id where pr.id = ${cases.prisonerId})`,
  transfers: sql<unknown>`(select json_agg(json_build_object('from', t.from_name, 'to', t.to_name, 'at', ${isoText(sql`t.at`)})
      order by t.at, t.id)
    from (select m.id, m.at, f.name as from_name, n.name as to_name from prisoner_transfers m
      left join prisons f on f.id = m.from_prison_id left join prisons n on n.id = m.to_prison_id
      where m.prisoner_id = ${cases.prisonerId} order by m.at, m.id limit 100) t)`,
};

type EventJson = { kind: CaseEvent['kind']; at: string; name: string | null; role: CaseEvent['by']['role']; fields: string[] | null };

/** Whose relation a case read asks for: each a shape of the statement, with the actor's ids as placeholders. */
type RelationKind = 'none' | 'family' | 'lawyer' | 'jail-of-prison';

function relationKindOf(actor: Actor | null): RelationKind {
  if (!actor) return 'none';
  if (actor.role === 'Family-Member') return 'family';
  if (actor.role === 'Lawyer') return 'lawyer';
  if (actor.role === 'Jail-Authority' && actor.prisonId) return 'jail-of-prison';
  return 'none';
}

const actorIdValue = sql.placeholder('actorId');
const prisonIdValue = sql.placeholder('prisonId');

/** The asking user's relation (member-record.policy.ts), for each kind, with the actor's ids as placeholders. */
function relationColumn(kind: RelationKind): SQL<ClientRelation | null> {
  switch (kind) {
    // A relative who follows the case's prisoner reads it like the one who registered it (decision 0050).
    case 'family':
      return sql<ClientRelation | null>`(case when ${followsPrisoner(actorIdValue, cases.prisonerId)} then 'follows-prisoner' end)`;
    case 'lawyer':
      return relationSql({ role: 'Lawyer', id: actorIdValue }, cases.familyMemberId);
    case 'jail-of-prison':
      return relationSql({ role: 'Jail-Authority', id: actorIdValue, prisonId: prisonIdValue }, cases.familyMemberId);
    case 'none':
      return sql<null>`null`;
  }
}

// The case read, built once per shape (docs/decisions/0027-statements-built-once.md): whose relation it
// asks for, and whether with its page's detail. Building it on every request was a seventh of the
// server's time on a save of a case's facts.
const caseReads = new Map<string, ReturnType<typeof caseRead>>();
function caseRead(kind: RelationKind, detail: boolean) {
  const none = sql<unknown>`null`;
  return preparedSelect((db) =>
    db
      .select({
        case: cases,
        rowVersion: sql<string>`${cases}.xmin::text`,
        memberName: users.name,
        courtState: familyMembers.state,
        relation: relationColumn(kind),
        events: detail ? detailColumns.events : none,
        prison: detail ? detailColumns.prison : none,
        transfers: detail ? detailColumns.transfers : none,
      })
      .from(cases)
      .innerJoin(users, eq(users.id, cases.familyMemberId))
      .leftJoin(familyMembers, eq(familyMembers.userId, cases.familyMemberId))
      .where(eq(cases.id, sql.placeholder('caseId')))
      .limit(1),
  );
}

/**
 * The case, its family member's name and the asking user's relation to them (member-record.policy.ts),
 * in one statement; with `detail`, what its page shows besides (detailColumns), so the page is that one
 * statement too. `row.rowVersion` is the row's version as read (its xmin), for a save that writes only
 * while the row is unchanged (saveFactsAsRead).
 */
export async function findCaseForAccess(db: Db, caseId: string, actor: Actor | null, detail = false) {
  const kind = relationKindOf(actor);
  const key = `${kind}|${detail}`;
  let read = caseReads.get(key);
  if (!read) {
    read = caseRead(kind, detail);
    caseReads.set(key, read);
  }
  // A placeholder's value goes to the driver as it is: the ids are text the statement compares as uuid.
  const [row] = await read(db).execute({ caseId, actorId: actor?.id ?? null, prisonId: actor?.prisonId ?? null });
  if (!row) return undefined;
  const access: CaseAccessFacts = {
    familyMemberId: row.case.familyMemberId,
    lawyerRelation: row.relation ?? undefined,
  };
  return {
    row: { ...row.case, rowVersion: row.rowVersion },
    memberName: row.memberName,
    courtState: row.courtState ?? null,
    access,
    detail: detail
      ? {
          events: (parsedJson<EventJson[] | null>(row.events) ?? []).map((e): CaseEvent => ({
            kind: e.kind,
            at: e.at,
            by: { name: e.name, role: e.role },
            fields: e.fields ?? [],
          })),
          prison: row.case.prisonerId ? parsedJson<CaseDetail['prison']>(row.prison) : null,
          transfers: row.case.prisonerId ? (parsedJson<CaseDetail['transfers'] | null>(row.transfers) ?? []) : [],
        }
      : undefined,
  };
}

/** What the case's page is made from: a case read with its detail (findCaseForAccess(…, true)). */
type CasePage = Omit<NonNullable<Awaited<ReturnType<typeof findCaseForAccess>>>, 'row'> & { row: CaseRow };

/** The case's page, from a row read with its detail (findCaseForAccess(…, true)). */
export function getCaseDetail(found: CasePage, can: CaseDetail['can'], closedCasesDays: number): CaseDetail {
  const { row, detail } = found;
  if (!detail) throw new Error('the case was read without its detail');
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    caseType: row.caseType,
    detail: row.detail,
    familyMember: { id: row.familyMemberId, name: found.memberName },
    courtState: found.courtState,
    facts: readFacts(row),
    factsVersion: row.factsVersion,
    release: readStoredRelease(row),
    events: detail.events,
    prison: detail.prison ?? null,
    transfers: detail.transfers,
    disposal:
      row.disposedOn && row.disposal
        ? { disposedOn: row.disposedOn, disposal: row.disposal, deletedFrom: closedCaseDeletedFrom(row.disposedOn, closedCasesDays) }
        : null,
    can,
  };
}

/**
 * The case as a save made from it leaves it (saveFactsAsRead): its row as written and, when the save wrote
 * anything, the timeline entry it added (the newest: the timeline is in time order), by the one who saved.
 */
export function afterFactsSave(found: CasePage, saved: SavedAsRead, by: CaseEvent['by']): CasePage {
  if (!found.detail) throw new Error('the case was read without its detail');
  const events =
    saved.at === null
      ? found.detail.events
      : [...found.detail.events, { kind: 'facts_changed' as const, at: saved.at, by, fields: saved.fields }];
  return { ...found, row: saved.row, detail: { ...found.detail, events } };
}

/** The prisoner's row locked for a move, with their prison; undefined when gone. */
export async function lockPrisonerForMove(db: Db, prisonerId: string) {
  const [p] = await db
    .select({ id: prisoners.id, name: prisoners.name, prisonId: prisoners.prisonId, prisonOther: prisoners.prisonOther })
    .from(prisoners)
    .where(eq(prisoners.id, prisonerId))
    .for('update');
  return p;
}

export async function findPrisonName(db: Db, prisonId: string | null): Promise<string | undefined> {
  if (!prisonId) return undefined;
  const [p] = await db.select({ name: prisons.name }).from(prisons).where(eq(prisons.id, prisonId));
  return p?.name;
}

/** Moves the prisoner and keeps the move; the triggers move their relatives' records to the new jail's lists. */
export async function movePrisoner(db: Db, move: { prisonerId: string; from: string | null; to: string; actorId: string }) {
  await db.update(prisoners).set({ prisonId: move.to, prisonOther: null }).where(eq(prisoners.id, move.prisonerId));
  await db
    .insert(prisonerTransfers)
    .values({ prisonerId: move.prisonerId, fromPrisonId: move.from, toPrisonId: move.to, actorId: move.actorId });
}

/** Who hears of a move: the prisoner's followers and the jail authorities of the prison they go to. */
export async function transferAudience(db: Db, prisonerId: string, toPrisonId: string): Promise<string[]> {
  const followers = await db
    .select({ id: prisonerFollowers.familyMemberId })
    .from(prisonerFollowers)
    .where(eq(prisonerFollowers.prisonerId, prisonerId));
  const jail = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'Jail-Authority'), eq(users.prisonId, toPrisonId)));
  return [...followers, ...jail].map((r) => r.id);
}

/**
 * Who is told of charges framed on a case: the family member, their lawyers (seesRecordAsLawyer) and the
 * jail authorities of the prisoner's prison; with the case number and the prisoner's name.
 */
export async function chargesFramedAudience(
  db: Db,
  caseId: string,
): Promise<{ caseNumber: string; prisonerName: string; ids: string[] } | undefined> {
  const [c] = await db
    .select({ caseNumber: cases.caseNumber, familyMemberId: cases.familyMemberId, prisonId: prisoners.prisonId, name: prisoners.name })
    .from(cases)
    .leftJoin(prisoners, eq(prisoners.id, cases.prisonerId))
    .where(eq(cases.id, caseId))
    .limit(1);
  if (!c) return undefined;
  const lawyersOf = await db
    .select({ id: lawyerRequests.lawyerId })
    .from(lawyerRequests)
    .where(seesRecordAsLawyer(lawyerRequests.lawyerId, c.familyMemberId));
  const jail = c.prisonId
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'Jail-Authority'), eq(users.prisonId, c.prisonId)))
    : [];
  return {
    caseNumber: c.caseNumber,
    prisonerName: c.name ?? '',
    ids: [c.familyMemberId, ...lawyersOf.map((r) => r.id), ...jail.map((r) => r.id)],
  };
}

/** Whether the jail has accepted the member's bail paper (Bail-Accept): bail granted, whatever the case records. */
export async function bailAccepted(db: Db, familyMemberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bailReviews.familyMemberId })
    .from(bailReviews)
    .where(eq(bailReviews.familyMemberId, familyMemberId))
    .limit(1);
  return !!row;
}
