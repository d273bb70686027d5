// Prisons, registration codes and prisoners' search (docs/decisions/0046-prisoner-and-prisons.md).
// Queries take db/tx first; every list is one bounded, indexed statement.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PrisonCountsSchema, PrisonRecord, SavePrison } from '#shared/prisoners.ts';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { prisonCounts, prisonerFollowers, prisoners, prisons, registrationCodes, users } from '../../db/schema.ts';
import { latinName } from '#shared/names.ts';
import { sha256Hex } from '../../lib/tokens.ts';

export const prisonRecordColumns = {
  id: prisons.id,
  name: prisons.name,
  state: prisons.state,
  district: prisons.district,
  type: prisons.type,
  address: prisons.address,
  phone: prisons.phone,
  dlsaName: prisons.dlsaName,
  dlsaAddress: prisons.dlsaAddress,
  dlsaPhone: prisons.dlsaPhone,
  dlsaEmail: prisons.dlsaEmail,
  version: prisons.version,
};

/** Every prison by name: a state holds about 70, the page stops at 500. */
export async function listPrisonRecords(db: Db): Promise<PrisonRecord[]> {
  return db
    .select(prisonRecordColumns)
    .from(prisons)
    .orderBy(asc(sql`lower(${prisons.name})`))
    .limit(500);
}

export async function findPrison(db: Db, id: string): Promise<PrisonRecord | undefined> {
  const [row] = await db.select(prisonRecordColumns).from(prisons).where(eq(prisons.id, id)).limit(1);
  return row;
}

/** The prisons of a district, for a family to pick from (prisons_district_idx). */
export async function prisonChoices(db: Db, state: string, district: string) {
  return db
    .select({ id: prisons.id, name: prisons.name, type: prisons.type })
    .from(prisons)
    .where(and(eq(prisons.state, state), eq(prisons.district, district)))
    .orderBy(asc(sql`lower(${prisons.name})`))
    .limit(200);
}

function prisonValues(input: SavePrison) {
  const { version: _version, ...rest } = input;
  return rest;
}

export async function insertPrison(db: Db, input: SavePrison): Promise<PrisonRecord> {
  const [row] = await db.insert(prisons).values(prisonValues(input)).returning(prisonRecordColumns);
  if (!row) throw new Error('prison insert returned nothing');
  return row;
}

/** Saves the edit when the prison is still at the version the form loaded (or any, when none given). */
export async function updatePrison(db: Db, id: string, input: SavePrison): Promise<PrisonRecord | undefined> {
  const [row] = await db
    .update(prisons)
    .set({ ...prisonValues(input), version: sql`${prisons.version} + 1` })
    .where(and(eq(prisons.id, id), input.version === undefined ? undefined : eq(prisons.version, input.version)))
    .returning(prisonRecordColumns);
  return row;
}

/** A live code (not revoked) by its plain text; undefined for any other. */
export async function findActiveCode(db: Db, code: string) {
  if (!code) return undefined;
  const [row] = await db
    .select()
    .from(registrationCodes)
    .where(and(eq(registrationCodes.id, sha256Hex(code)), isNull(registrationCodes.revokedAt)))
    .limit(1);
  return row;
}

export async function isCodeLive(db: Db, codeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: registrationCodes.id })
    .from(registrationCodes)
    .where(and(eq(registrationCodes.id, codeId), isNull(registrationCodes.revokedAt)))
    .limit(1);
  return !!row;
}

export async function revokePrisonCode(db: Db, prisonId: string) {
  return db
    .update(registrationCodes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(registrationCodes.kind, 'jail'), eq(registrationCodes.prisonId, prisonId), isNull(registrationCodes.revokedAt)))
    .returning({ id: registrationCodes.id });
}

export async function revokeDistrictCode(db: Db, state: string, district: string) {
  return db
    .update(registrationCodes)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(registrationCodes.kind, 'dlsa'),
        eq(registrationCodes.state, state),
        eq(registrationCodes.district, district),
        isNull(registrationCodes.revokedAt),
      ),
    )
    .returning({ id: registrationCodes.id });
}

export async function insertCode(
  db: Db,
  code: string,
  v: { kind: 'jail'; prisonId: string; issuedBy: string } | { kind: 'dlsa'; state: string; district: string; issuedBy: string },
) {
  await db.insert(registrationCodes).values({ id: sha256Hex(code), ...v });
}

/** Prisons on a page of the administrator's table. */
const PRISON_COUNTS_PAGE = 100;

// A page of the administrator's table, built once per shape (docs/decisions/0027-statements-built-once.md):
// the first page, or the page after a cursor (the last prison's name, lower case). Rows as the driver
// gives them, named as the response names them: a query builder's mapping of 101 rows of 10 columns
// was a seventh of the server's time on this page.
interface PrisonCountsRow {
  id: string;
  name: string;
  state: string;
  district: string;
  prisoners: number;
  inCustody: number;
  bailedNotReleased: number;
  jailAccounts: number;
  hasCode: boolean;
  sortKey: string;
}
const prisonCountRows = (after: boolean) =>
  preparedSql<PrisonCountsRow>(
    // A prison's kept counts in one read of its rows, each status summed by a FILTER (three sub-queries,
    // one a sum, read the same rows three times: 60 % more of these pages a second without them).
    () => sql`select p.id, p.name, p.state, p.district,
        coalesce(k.prisoners, 0)::int as "prisoners", coalesce(k.in_custody, 0)::int as "inCustody",
        coalesce(k.bailed_not_released, 0)::int as "bailedNotReleased",
        (select count(*) from ${users} u where u.prison_id = p.id and u.disabled_at is null)::int as "jailAccounts",
        exists (select 1 from ${registrationCodes} r where r.prison_id = p.id and r.kind = 'jail' and r.revoked_at is null) as "hasCode",
        lower(p.name) as "sortKey"
      from ${prisons} p
      left join lateral (select sum(c.n) filter (where c.status = 'in-custody') as in_custody,
          sum(c.n) filter (where c.status = 'bailed-not-released') as bailed_not_released, sum(c.n) as prisoners
        from ${prisonCounts} c where c.prison_id = p.id) k on true
      ${after ? sql`where lower(p.name) > ${sql.placeholder('after')}::text` : sql``}
      order by lower(p.name)
      limit ${PRISON_COUNTS_PAGE + 1}`,
  );
const firstPrisonCounts = prisonCountRows(false);
const nextPrisonCounts = prisonCountRows(true);

/**
 * The administrator's table: each prison with its kept counts (prison_counts, one row per prison and
 * status) and its jail accounts, a page of 100 prisons by name after the cursor: reads only those rows.
 * Each row is built in PrisonCountsRowSchema's key order (the route sends it with sendJsonValue).
 */
export async function prisonCountsPage(db: Db, after: string | undefined): Promise<z.infer<typeof PrisonCountsSchema>> {
  const { rows } = await (after === undefined ? firstPrisonCounts(db).execute({}) : nextPrisonCounts(db).execute({ after }));
  const page = rows.slice(0, PRISON_COUNTS_PAGE);
  return {
    prisons: page.map((r) => ({
      id: r.id,
      name: r.name,
      state: r.state,
      district: r.district,
      prisoners: r.prisoners,
      inCustody: r.inCustody,
      bailedNotReleased: r.bailedNotReleased,
      jailAccounts: r.jailAccounts,
      hasCode: r.hasCode,
    })),
    nextCursor: rows.length > PRISON_COUNTS_PAGE ? (page.at(-1)?.sortKey ?? null) : null,
  };
}

/** A prison's jail accounts (a prison has a handful). */
export async function jailAccounts(db: Db, prisonId: string) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.prisonId, prisonId), eq(users.role, 'Jail-Authority')))
    .orderBy(asc(users.name))
    .limit(200);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, disabled: r.disabledAt !== null }));
}

/** The prisons families typed that match no record, most prisoners first (prisoners_prison_other_idx). */
export async function unmatchedPrisons(db: Db) {
  const rows = await db
    .select({ typed: sql<string>`min(${prisoners.prisonOther})`, prisoners: sql<number>`count(*)::int` })
    .from(prisoners)
    .where(and(isNull(prisoners.prisonId), sql`${prisoners.prisonOther} is not null`))
    .groupBy(sql`lower(${prisoners.prisonOther})`)
    .orderBy(sql`count(*) desc`, sql`lower(${prisoners.prisonOther})`)
    .limit(200);
  return rows;
}

/**
 * The Latin form of names typed in another script, where it is still empty (shared/names.ts): the
 * given prisoners, or up to `limit` of any (the daily pass; a database moved over from before).
 */
export async function fillLatinNames(db: Db, which: { ids: string[] } | { limit: number }): Promise<number> {
  const rows = await db
    .select({ id: prisoners.id, name: prisoners.name })
    .from(prisoners)
    .where(
      and(
        eq(prisoners.nameLatin, ''),
        sql`${prisoners.name} <> ''`,
        'ids' in which ? sql`${prisoners.id} = any(${`{${which.ids.join(',')}}`}::uuid[])` : undefined,
      ),
    )
    .limit('ids' in which ? which.ids.length : which.limit);
  for (const r of rows) {
    await db
      .update(prisoners)
      .set({ nameLatin: latinName(r.name) })
      .where(and(eq(prisoners.id, r.id), eq(prisoners.nameLatin, '')));
  }
  return rows.length;
}

/** The member's prisoners: each one's id and the prison it is held in. */
export async function prisonersOfMember(db: Db, familyMemberId: string) {
  return db
    .select({ id: prisoners.id, prisonId: prisoners.prisonId })
    .from(prisonerFollowers)
    .innerJoin(prisoners, eq(prisoners.id, prisonerFollowers.prisonerId))
    .where(eq(prisonerFollowers.familyMemberId, familyMemberId))
    .limit(100);
}

/** Puts the prisoner of a member's case in a listed prison (the family's choice on /fmform). */
export async function placeCasePrisoner(db: Db, familyMemberId: string, caseNumber: string, prisonId: string) {
  await db.execute(sql`
    update prisoners p set prison_id = ${prisonId}::uuid, prison_other = null
    from cases c where c.prisoner_id = p.id and c.family_member_id = ${familyMemberId}::uuid
      and c.case_number = ${caseNumber} and p.prison_id is distinct from ${prisonId}::uuid`);
}
