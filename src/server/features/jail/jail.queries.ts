// The jail authority's reads and changes. The member list is one statement whatever the page size
// (docs/design.md#5-quality-bars-every-change-keeps): the page's stored member cards (each row with
// its cases, lawyers, papers, NGO and bail review, kept by triggers), the counters and charts from
// jail_counts, and a search's match count — never a query per row — and it reads only what it returns
// through indexes, whatever the table size (docs/decisions/0009-jail-dashboard-at-scale.md,
// docs/decisions/0021-stored-member-cards.md).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CASE_TYPES } from '#shared/constants.ts';
import {
  MEMBER_STAGES,
  MEMBERS_COUNT_CAP,
  type MemberChart,
  type MemberCounts,
  type MemberFilter,
  type MembersPage,
} from '#shared/jail.ts';
import type { Db } from '../../db/client.ts';
import { preparedSqlByKey } from '../../db/prepared.ts';
import { ALL_PRISONS } from '../../db/derived.ts';
import { familyMembers, jailCards, jailCounts } from '../../db/schema.ts';
import type { JsonPage, JsonText } from '../../lib/json-text.ts';
import { invalid } from '../../lib/errors.ts';

import { RELEASE_FILTER_COLUMNS } from './jail.release.ts';
import { ensureReleaseClock } from '../../lib/case-facts.ts';

import { UUID_PATTERN } from '#shared/validation-rules.ts';
import { phoneSearchForms } from '#shared/family.ts';

const memberId = familyMembers.userId;

/**
 * Each filter is one stored, trigger-maintained column of family_members with a partial index on
 * (name, user_id) and a counter in jail_counts under the same key (drizzle/0002_scale.sql). Adding
 * a filter: the column, the index, a line in family_member_count_keys, and a line here.
 */
const STORED_FILTERS = {
  'no-lawyer': sql`${familyMembers.noLawyer}`,
  'no-ngo': sql`not ${familyMembers.hasNgo}`,
  'bail-waiting': sql`${familyMembers.bailWaiting}`,
  'bail-accepted': sql`${familyMembers.bailAccepted}`,
  ...RELEASE_FILTER_COLUMNS,
} satisfies Record<MemberFilter, SQL>;
type StoredFilter = keyof typeof STORED_FILTERS;
const isStoredFilter = (f: MemberFilter | undefined): f is StoredFilter => !!f && f in STORED_FILTERS;

function filterWhere(filter: MemberFilter | undefined): SQL | undefined {
  return isStoredFilter(filter) ? STORED_FILTERS[filter] : undefined;
}

/** LIKE pattern for "starts with", with the user's % _ and \ taken literally. */
export function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A search's matches, as the statement's first common table expression `hits` (materialized: read
 * once, then counted and paged): what the name, email, phone or case id starts with,
 * case-insensitively — a phone number typed in any format (+91, 0, spaces, dashes) also as stored,
 * +91 and the digits, and older rows' bare digits (phoneSearchForms) — as five btree range scans
 * (text_pattern_ops: byte order, one range per prefix whatever the collation), each read in its
 * index's order and stopped after MEMBERS_COUNT_CAP + 1 entries. So a search reads at most
 * 5 × (cap + 1) index entries however many members match; a
 * field that has more says so through `#capped`. Why prefix and not pg_trgm:
 * docs/decisions/0009-jail-dashboard-at-scale.md; why bounded: docs/decisions/0024-search-reads-a-bounded-set.md.
 */
function searchHits(scoped: boolean): SQL {
  const read = MEMBERS_COUNT_CAP + 1;
  // Each expression must read exactly as its index does for the index to serve it (and its order).
  // A jail authority of one prison reads the prison's own indexes (family_members_prison_*_prefix_idx).
  const inPrison = scoped ? sql`"prison_id" = ${sql.placeholder('prison')}::uuid and ` : sql``;
  // q: the text as typed; a phone number is also looked for as stored (+91…, and older rows' bare digits).
  const field = (n: number, id: string, table: string, col: string, q = 'q', like = 'like') => {
    const c = sql.raw(col);
    const lo = sql`lower(${sql.placeholder(q)})`;
    // Every string that starts with lo sorts between lo and lo followed by the highest code point.
    const hi = sql`(lower(${sql.placeholder(q)}) || ${'\u{10FFFF}'})`;
    return sql`(select ${sql.raw(String(n))} as field, ${sql.raw(`"${id}"`)} as id from ${sql.raw(`"${table}"`)}
      where ${table === 'cases' ? sql`` : inPrison}${c} ~>=~ ${lo} and ${c} ~<~ ${hi} and ${c} like lower(${sql.placeholder(like)})
      order by ${c} using ~<~ limit ${read})`;
  };
  // Case ids carry no prison: within one prison, the first matches read are kept when their member is listed there.
  const caseIds = scoped
    ? sql`(select h.field, h.id from ${field(4, 'family_member_id', 'cases', 'lower("case_number")')} h
        where exists (select 1 from family_members m where m.user_id = h.id and m.prison_id = ${sql.placeholder('prison')}::uuid))`
    : field(4, 'family_member_id', 'cases', 'lower("case_number")');
  return sql`with hits as materialized (
    ${field(1, 'user_id', 'family_members', 'lower("name")')}
    union all ${field(2, 'user_id', 'family_members', '"email"')}
    union all ${field(3, 'user_id', 'family_members', '"phone"', 'phone', 'phoneLike')}
    union all ${field(5, 'user_id', 'family_members', '"phone"', 'phoneLocal', 'phoneLocalLike')}
    union all ${caseIds}) `;
}

/** The members a search found (see searchHits). */
const inHits = sql`${memberId} in (select id from hits)`;

interface Cursor {
  name: string;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.name, c.id])).toString('base64url');
}

function decodeCursor(raw: string, field: 'after' | 'before'): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && UUID_PATTERN.test(v[1])) {
      return { name: v[0], id: v[1] };
    }
  } catch {
    // fall through
  }
  throw invalid('Invalid page cursor.', [{ path: field, message: 'Invalid page cursor.' }]);
}

function toCounts(c: Map<string, number>): MemberCounts {
  return {
    all: c.get('all') ?? 0,
    noLawyer: c.get('no-lawyer') ?? 0,
    noNgo: c.get('no-ngo') ?? 0,
    bailWaiting: c.get('bail-waiting') ?? 0,
    bailAccepted: c.get('bail-accepted') ?? 0,
  };
}

function toChart(c: Map<string, number>): MemberChart {
  const known = new Set<string>(CASE_TYPES);
  const others = [...c.entries()]
    .filter(([k]) => k.startsWith('type:') && !known.has(k.slice(5)))
    .map(([k, n]) => ({ caseType: k.slice(5), members: n }))
    .filter((r) => r.members > 0)
    .sort((a, b) => a.caseType.localeCompare(b.caseType));
  return {
    byCaseType: [
      ...CASE_TYPES.map((caseType) => ({ caseType, members: c.get(`type:${caseType}`) ?? 0 })),
      // A type outside the nine (older data) still shows rather than vanishing from the totals.
      ...others,
    ],
    byStage: MEMBER_STAGES.map((stage) => ({ stage, members: c.get(`stage:${stage}`) ?? 0 })),
  };
}

type MembersQueryIn = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  filter?: MemberFilter | undefined;
  after?: string | undefined;
  before?: string | undefined;
  last?: boolean | undefined;
};

/**
 * Every counter (summed over its shards) as one JSON object and, with a search, the members it found
 * under '#matches' (its hits that pass the filter) and under '#capped' how many fields had more
 * matches than it reads.
 */
function countersJson(where: SQL | undefined, searching: boolean, scoped: boolean): SQL {
  const scope = scoped ? sql`${sql.placeholder('prison')}::uuid` : sql`${sql.raw(`'${ALL_PRISONS}'`)}::uuid`;
  const counters = sql`select ${jailCounts.key} as k, sum(${jailCounts.n})::bigint as n from ${jailCounts}
    where ${jailCounts.scope} = ${scope} group by ${jailCounts.key}`;
  const all = searching
    ? sql`${counters}
      union all select '#matches', count(*)::bigint from ${familyMembers} where ${where}
      union all select '#capped', count(*)::bigint from (select 1 from hits group by field having count(*) > ${MEMBERS_COUNT_CAP}) f`
    : counters;
  return sql`(select json_object_agg(x.k, x.n) from (${all}) x)`;
}

/**
 * One page of members, read from the (name, user_id) index — forwards, or backwards for "previous"
 * and the last page — with each member's stored card: the row as the list shows it, cases, lawyers,
 * papers, NGO and bail review included, kept exact by triggers (drizzle/0009_member_cards.sql), so
 * nothing is looked up per row (docs/decisions/0021-stored-member-cards.md).
 */
function pageRowsSql(where: SQL | undefined, backwards: boolean): SQL {
  const dir = sql.raw(backwards ? 'desc' : 'asc');
  // The card as a subquery per row, not a join: a generic plan (client.ts) guesses a tenth of the table
  // for the page's LIMIT, and for a join it chose a parallel scan of both tables.
  return sql`select ${memberId} as id, ${familyMembers.name} as name,
      (select c.card from ${jailCards} c where c.member_id = ${memberId}) as card
    from ${familyMembers}
    ${where ? sql`where ${where}` : sql``}
    order by ${familyMembers.name} ${dir}, ${memberId} ${dir}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
}

/**
 * The page's cards in the page's order as one text, a line each: JSON text escapes every line break
 * inside its strings, so a newline only ever separates two cards. Text, not json, so neither driver
 * parses it: the cards go into the response as they are.
 */
function pageCards(page: SQL, backwards: boolean): SQL {
  const dir = sql.raw(backwards ? 'desc' : 'asc');
  // With the cards, their members' ids in the same order, comma-separated, for the access log.
  return sql`(select string_agg(p.card, E'\n' order by p.name ${dir}, p.id ${dir}) as cards,
      string_agg(p.id::text, ',' order by p.name ${dir}, p.id ${dir}) as ids from (${page}) p)`;
}

/** The keyset position of a card (its name and id), for the page's cursors. */
function cursorOf(card: string): string {
  const { id, name } = JSON.parse(card) as { id: string; name: string };
  return encodeCursor({ id, name });
}

type PageMode = 'page' | 'after' | 'before' | 'last';
/** What decides the statement's text: one prison or all, searching or not, the filter, and how the page is found. */
type MembersShape = `${'prison' | 'everywhere'}|${'search' | 'all'}|${MemberFilter | ''}|${PageMode}`;

/**
 * The list's statement for one shape, built once (db/prepared.ts); its values are placeholders: q and
 * like (a search), cursorName and cursorId (a keyset page), limit and offset.
 */
const membersStatement = preparedSqlByKey<MembersShape, { counters: unknown; cards: string | null; ids: string | null }>((shape) => {
  const [scope, kind, filter, mode] = shape.split('|') as ['prison' | 'everywhere', 'search' | 'all', MemberFilter | '', PageMode];
  const searching = kind === 'search';
  const scoped = scope === 'prison';
  const where = and(
    scoped ? eq(familyMembers.prisonId, sql.placeholder('prison')) : undefined,
    searching ? inHits : undefined,
    filterWhere(filter || undefined),
  );
  const keyset = sql`(${familyMembers.name}, ${memberId}) ${sql.raw(mode === 'before' ? '<' : '>')} (${sql.placeholder('cursorName')}, ${sql.placeholder('cursorId')}::uuid)`;
  const backwards = mode === 'last' || mode === 'before';
  const page = pageRowsSql(mode === 'before' || mode === 'after' ? and(where, keyset) : where, backwards);
  return sql`${searching ? searchHits(scoped) : sql``}select ${countersJson(where, searching, scoped)} as counters, page.cards, page.ids
    from ${pageCards(page, backwards)} page`;
});

/**
 * The jail authority's list in ONE statement, whatever the page size or the table size — a jail
 * authority of one prison (prisonId) gets that prison's members, counters and charts: the page's
 * stored cards, every counter and chart bar from jail_counts, and a search's capped match count.
 * Pages 1-20 by number (OFFSET on the index), any page by keyset cursor, and the last page by
 * reading the index backwards: it reads a full page and keeps what is left after the full pages,
 * known from the counters in the same statement.
 *
 * Answers the response body as JSON text (MembersPageSchema, keys in the schema's order): the cards
 * are spliced in as the database stored them, never parsed and serialised again; with it, the ids of
 * the members it shows, for the access log.
 */
export async function listMembersJson(db: Db, query: MembersQueryIn, prisonId?: string): Promise<JsonPage<MembersPage>> {
  const q = query.q || undefined;
  const after = query.after ? decodeCursor(query.after, 'after') : undefined;
  const before = query.before ? decodeCursor(query.before, 'before') : undefined;
  // A search has no counter: its total is the count of the members it found.
  const searching = !!q;
  // The release filters' flags are for the clock's day: move it first if the day has turned.
  await ensureReleaseClock(db);
  const size = query.pageSize;
  const mode: PageMode = query.last ? 'last' : before ? 'before' : after ? 'after' : 'page';
  const cursor = before ?? after;
  const shape: MembersShape = `${prisonId ? 'prison' : 'everywhere'}|${searching ? 'search' : 'all'}|${query.filter ?? ''}|${mode}`;
  // Both drivers answer `{ rows }`.
  const phone = q ? phoneSearchForms(q) : null;
  const { rows: result } = await membersStatement(db, shape).execute({
    q: q ?? null,
    like: q ? prefixPattern(q) : null,
    phone: phone?.canonical ?? q ?? null,
    phoneLike: q ? prefixPattern(phone?.canonical ?? q) : null,
    phoneLocal: phone?.local ?? null,
    phoneLocalLike: phone ? prefixPattern(phone.local) : null,
    cursorName: cursor?.name ?? null,
    cursorId: cursor?.id ?? null,
    limit: mode === 'last' ? size : size + 1,
    offset: mode === 'page' ? (query.page - 1) * size : 0,
    prison: prisonId ?? null,
  });
  const counters = new Map(
    Object.entries(parsed<Record<string, number | string> | null>(result[0]?.counters) ?? {}).map(([k, n]) => [k, Number(n)]),
  );
  const cardsText = result[0]?.cards;
  const found = cardsText ? cardsText.split('\n') : [];
  const foundIds = result[0]?.ids?.split(',') ?? [];
  const total = totalOf(counters, query.filter, searching);

  let cards: string[];
  let shown: string[];
  let pageNumber = query.page;
  let hasNext: boolean;
  let hasPrev: boolean;
  if (query.last) {
    // The last page holds what is left after the full pages, so "previous" from it lines up with page numbers.
    pageNumber = Math.max(1, Math.ceil(total / size));
    const rest = total - (pageNumber - 1) * size;
    cards = found.slice(0, Math.max(rest, 1)).reverse();
    shown = foundIds.slice(0, Math.max(rest, 1)).reverse();
    hasNext = false;
    hasPrev = pageNumber > 1;
  } else {
    const more = found.length > size;
    cards = found.slice(0, size);
    shown = foundIds.slice(0, size);
    if (before) {
      cards.reverse();
      shown.reverse();
      hasPrev = more;
      hasNext = true;
    } else {
      hasNext = more;
      hasPrev = !!after || query.page > 1;
    }
  }

  const firstCard = cards[0];
  const lastCard = cards.at(-1);
  // The rest of MembersPageSchema, in its order, after the items.
  const tail: Omit<MembersPage, 'items'> = {
    page: pageNumber,
    pageSize: size,
    total,
    totalCapped: searching && (counters.get('#capped') ?? 0) > 0,
    nextCursor: hasNext && lastCard ? cursorOf(lastCard) : null,
    prevCursor: hasPrev && firstCard ? cursorOf(firstCard) : null,
    counts: toCounts(counters),
    chart: toChart(counters),
  };
  return { text: `{"items":[${cards.join(',')}],${JSON.stringify(tail).slice(1)}` as JsonText<MembersPage>, shown };
}

/** A json column: both drivers parse it; a string (a driver set up not to) is parsed here. */
function parsed<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** Without a search the filter's counter is the total; with one, the members it found. */
function totalOf(c: Map<string, number>, filter: MemberFilter | undefined, search: boolean): number {
  if (search) return c.get('#matches') ?? 0;
  return c.get(filter ?? 'all') ?? 0;
}
