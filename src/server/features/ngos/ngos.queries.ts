// NGO management by the jail authority (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong: add, edit seats; who is assigned to each).
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Ngo, NgoChoice, NgoChoices, NgoMembersPage } from '#shared/ngos.ts';
import { NGO_CHOICES_LIMIT, NGO_MEMBERS_PAGE_SIZE } from '#shared/ngos.ts';
import type { Db } from '../../db/client.ts';
import { preparedSql, preparedSqlByKey } from '../../db/prepared.ts';
import { isoText } from '../family/child-rows.sql.ts';
import { encodeTimeCursor, exactTimeText, type TimeCursor } from '../../lib/time-cursor.ts';
import { familyMembers, ngoAssignments, ngos } from '../../db/schema.ts';

import { NEARNESS } from '#shared/locations.ts';
import { hasFreeSeat, ngoNotFound } from '../../policies/ngo.policy.ts';

// The list and its counts read the ngos table alone: the assigned count is kept on the NGO row by
// triggers (drizzle/0015_ngo_assigned_count.sql), never counted over ngo_assignments per request.
const ngoColumns = {
  id: ngos.id,
  name: ngos.name,
  address: ngos.address,
  contactInfo: ngos.contactInfo,
  report: ngos.report,
  seatsFree: ngos.seatsFree,
  seatsTotal: sql<number>`${ngos.seatsFree} + ${ngos.assignedCount}`.mapWith(Number),
  version: ngos.version,
  state: ngos.state,
  district: ngos.district,
  assignedCount: ngos.assignedCount,
};

function selectNgos(db: Db) {
  return db.select(ngoColumns).from(ngos);
}

/** Every NGO, or those with a free seat, by name: the /ngos screen. */
export async function listNgos(db: Db, options: { availableOnly: boolean }): Promise<Ngo[]> {
  const q = selectNgos(db);
  const filtered = options.availableOnly ? q.where(hasFreeSeat()) : q;
  return filtered.orderBy(asc(ngos.name), asc(ngos.id));
}

// 'Select NGO' (docs/decisions/0030-select-ngo-nearest-and-by-name.md): one statement reads the
// member's place and at most NGO_CHOICES_LIMIT + 1 NGOs with a free seat, each part a range of a
// partial index (drizzle/0016_ngo_choices.sql), so an answer costs the same however many NGOs there
// are. `seats_free > 0` is written as a literal: the kept generic plan can then use the partial indexes.
const READ = NGO_CHOICES_LIMIT + 1;
const CHOICE_COLUMNS = `n.id, n.name, n.address, n.contact_info as "contactInfo", n.report, n.seats_free as "seatsFree", n.state, n.district`;

/**
 * The nearest: the member's district (by name), then the rest of their state (by district, then
 * name), then elsewhere (by state, district, name; NGOs without a place last). Each band is read in
 * the order of ngos_free_place_idx (state, district, name, id) and stops after READ rows, in two
 * ranges where it skips the member's own district or state: at most seven short range reads, sorted.
 */
function nearestChoices(): SQL {
  const band = (rank: number, where: string, order: string) =>
    sql.raw(`(select ${CHOICE_COLUMNS}, ${rank} as rank from ngos n
      where n.seats_free > 0 and ${where} order by ${order} limit ${READ})`);
  const place = 'n.state, n.district, n.name, n.id';
  return sql`select * from (
    ${band(0, 'n.state = m.state and n.district = m.district', 'n.name, n.id')}
    union all ${band(1, 'n.state = m.state and n.district < m.district', 'n.district, n.name, n.id')}
    union all ${band(1, 'n.state = m.state and n.district > m.district', 'n.district, n.name, n.id')}
    union all ${band(2, 'n.state < m.state', place)}
    union all ${band(2, 'n.state > m.state', place)}
    union all ${band(2, 'n.state is null', place)}
    union all ${band(2, 'm.state is null and n.state is not null', place)}
  ) b order by rank, state, district, name, id limit ${sql.raw(String(READ))}`;
}

/**
 * The NGOs whose name starts with the text typed, any case: the first READ names from there on in
 * ngos_free_name_prefix_idx (lower(name), byte order), then those of them that start with it. The
 * range has only its lower end in the index condition: with both ends the planner guesses a few
 * matches and may read every match to sort them; this way it reads at most READ index entries.
 */
function namedChoices(): SQL {
  const name = sql.raw('lower(n.name)');
  return sql`select b.*, case when b.state = m.state and b.district = m.district then 0 when b.state = m.state then 1 else 2 end as rank
    from (select ${sql.raw(CHOICE_COLUMNS)} from ngos n where n.seats_free > 0 and ${name} ~>=~ lower(${sql.placeholder('q')})
      order by ${name} using ~<~ limit ${sql.raw(String(READ))}) b
    where starts_with(lower(b.name), lower(${sql.placeholder('q')}))`;
}

type ChoiceRow = Omit<NgoChoice, 'nearness' | 'id'> & { id: string | null; rank: number };

// No member: no row. A member and no NGO: one row of nulls (the left join).
const choicesStatement = preparedSqlByKey<'nearest' | 'named', ChoiceRow>(
  (shape) => sql`select c.* from (select state, district from family_members where user_id = ${sql.placeholder('member')}) m
    left join lateral (${shape === 'nearest' ? nearestChoices() : namedChoices()}) c on true
    order by ${shape === 'nearest' ? sql.raw('c.rank, c.state, c.district, c.name, c.id') : sql.raw('lower(c.name) using ~<~')}`,
);

/**
 * NGOs with a free seat to choose for a family member: the nearest their prison, or with `q` those
 * whose name starts with it (nearest first among them). Undefined when there is no such member.
 */
export async function listNgoChoices(db: Db, memberId: string, q: string | undefined): Promise<NgoChoices | undefined> {
  const named = !!q;
  const { rows } = await choicesStatement(db, named ? 'named' : 'nearest').execute(named ? { member: memberId, q } : { member: memberId });
  if (rows.length === 0) return undefined;
  const found = rows.filter((r): r is ChoiceRow & { id: string } => r.id !== null);
  // A search's rows come in name order: keep the first LIMIT of those, then put the nearest first.
  const shown = found.slice(0, NGO_CHOICES_LIMIT);
  if (named) shown.sort((a, b) => Number(a.rank) - Number(b.rank));
  return {
    items: shown.map(({ rank, ...r }) => ({ ...r, seatsFree: Number(r.seatsFree), nearness: NEARNESS[Number(rank)] ?? 'other' })),
    more: found.length > NGO_CHOICES_LIMIT,
  };
}

export async function findNgo(db: Db, id: string): Promise<Ngo | undefined> {
  const [row] = await selectNgos(db).where(eq(ngos.id, id)).limit(1);
  return row;
}

// An NGO's members in keyset pages (docs/decisions/0044-keyset-pages-for-the-heavy-tail.md): a range of
// ngo_assignments_ngo_page_idx (drizzle/0025_keyset_pages.sql) read backwards from the cursor and cut at
// a page plus one, so a page of an NGO with 5,000 members costs what a page of one with 30 does. The
// name and email are the member's kept copies (family_members.name, email): no join to users.
// The first page starts after every assignment, so there is one statement text, not two.
const AFTER_ALL = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

// One statement: the NGO's row, and beside it (a lateral join, so an NGO with no one on the page
// still answers its row) the page of its members. No ORDER BY outside: PostgreSQL would sort the
// page again; its 51 rows are put in order here (newestFirst). Rows as the driver gives them, named
// as the response names them, not through a query builder's mapping: for 51 rows of 17 columns that
// mapping was a fifth of the server's time on this page.
interface NgoMemberRow extends Ngo {
  memberId: string | null;
  memberName: string;
  memberEmail: string;
  memberPhone: string;
  assignedAt: string;
  at: string;
}
const ngoMembersPage = preparedSql<NgoMemberRow>(
  () => sql`select n.id, n.name, n.address, n.contact_info as "contactInfo", n.report, n.seats_free as "seatsFree",
      (n.seats_free + n.assigned_count)::int as "seatsTotal", n.version, n.state, n.district, n.assigned_count as "assignedCount",
      p.id as "memberId", p.name as "memberName", p.email as "memberEmail", p.phone as "memberPhone",
      ${isoText(sql`p.assigned_at`)} as "assignedAt", ${exactTimeText(sql`p.assigned_at`)} as "at"
    from ${ngos} n
    left join lateral (select m.user_id as id, m.name, m.email, m.phone, a.assigned_at
      from ${ngoAssignments} a join ${familyMembers} m on m.user_id = a.family_member_id
      where a.ngo_id = n.id
        and (a.assigned_at, a.family_member_id) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::uuid)
      order by a.assigned_at desc, a.family_member_id desc
      limit ${NGO_MEMBERS_PAGE_SIZE + 1}) p on true
    where n.id = ${sql.placeholder('ngoId')}::uuid`,
);

/** Newest assignment first, as the page was read (`at` is fixed-width UTC text; ids lower-case hex, as uuid compares). */
const newestFirst = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1;

/**
 * The family members assigned to an NGO, newest assignment first, a page at a time: `after` is a
 * page's nextCursor. The total is the NGO's kept count (drizzle/0015_ngo_assigned_count.sql).
 */
export async function listNgoMembers(db: Db, id: string, after?: TimeCursor): Promise<NgoMembersPage> {
  const cursor = after ?? AFTER_ALL;
  const { rows: found } = await ngoMembersPage(db).execute({ ngoId: id, beforeAt: cursor.at, beforeId: cursor.id });
  const [n] = found;
  if (!n) throw ngoNotFound();
  // In NgoSchema's key order.
  const ngo: Ngo = {
    id: n.id,
    name: n.name,
    address: n.address,
    contactInfo: n.contactInfo,
    report: n.report,
    seatsFree: n.seatsFree,
    seatsTotal: n.seatsTotal,
    version: n.version,
    assignedCount: n.assignedCount,
    state: n.state,
    district: n.district,
  };
  const rows = found
    .flatMap((r) =>
      r.memberId !== null
        ? [
            {
              id: r.memberId,
              at: r.at,
              item: { id: r.memberId, name: r.memberName, email: r.memberEmail, phone: r.memberPhone, assignedAt: r.assignedAt },
            },
          ]
        : [],
    )
    .sort(newestFirst);
  const page = rows.slice(0, NGO_MEMBERS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    ngo,
    items: page.map((m) => m.item),
    total: ngo.assignedCount,
    nextCursor: rows.length > NGO_MEMBERS_PAGE_SIZE && last ? encodeTimeCursor({ at: last.at, id: last.id }) : null,
  };
}
