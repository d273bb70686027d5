// The clerk's and the DLSA's prisoner search (docs/decisions/0046-prisoner-and-prisons.md#search): a name
// in any script (its consonant key, prisoner_name_key, within the prisons in scope), the prisoner
// number, a FIR or case number, a relative's name or phone number (any format). One statement a page:
// each prison of the scope gives its first page by name key from its own index (browsing, and a name),
// the other ways are bounded index range reads, and only the page's 50 rows are then read in full
// (docs/decisions/0061-prisoner-search-a-page-per-prison.md).
import { sql, type SQL } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import { searchLatin } from '#shared/names.ts';
import { phoneSearchForms } from '#shared/family.ts';
import type { PrisonerHit, PrisonerSearchQuery } from '#shared/prisoners.ts';
import type { Db } from '../../db/client.ts';
import { preparedSqlByKey } from '../../db/prepared.ts';
import { invalid } from '../../lib/errors.ts';
import { prefixPattern } from '../jail/jail.queries.ts';

const PAGE = 50;
const SEARCH_READ = 200;

/** Which prisons an account may search (scopeOf): each a shape of the statement. */
type ScopeKind = 'prison' | 'all' | 'one' | 'district' | 'district-one' | 'none';

/** The account's scope, and the values its statement takes. */
function scopeKindOf(user: User, prisonId: string | undefined): { kind: ScopeKind; values: Record<string, unknown> } {
  if (user.role === 'Jail-Authority') {
    if (user.prisonId) return { kind: 'prison', values: { scopePrison: user.prisonId } };
    return prisonId ? { kind: 'one', values: { scopePrison: prisonId } } : { kind: 'all', values: {} };
  }
  if (user.role === 'DLSA')
    return prisonId
      ? { kind: 'district-one', values: { scopeUser: user.id, scopePrison: prisonId } }
      : { kind: 'district', values: { scopeUser: user.id } };
  return { kind: 'none', values: {} };
}

/**
 * The prisons an account may search, as a statement giving their ids: its prison, its district's, or
 * (a deployment-wide jail account) all. From the session's user and, for a DLSA, its account row read
 * inside the search's own statement: no statement of its own.
 */
function scopeOf(kind: ScopeKind): SQL {
  const prison = sql.placeholder('scopePrison');
  switch (kind) {
    case 'prison':
      return sql`select ${prison}::uuid as id`;
    case 'one':
      return sql`select id from prisons where id = ${prison}::uuid`;
    case 'all':
      return sql`select id from prisons`;
    case 'district':
    case 'district-one': {
      const district = sql`select pr.id from prisons pr join users u on u.id = ${sql.placeholder('scopeUser')}::uuid
      and pr.state = u.scope_state and pr.district = u.scope_district`;
      return kind === 'district-one' ? sql`${district} where pr.id = ${prison}::uuid` : district;
    }
    case 'none':
      return sql`select null::uuid as id where false`;
  }
}

interface Cursor {
  key: string;
  id: string;
}

function encode(c: Cursor) {
  return Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');
}

function decode(raw: string): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string' && /^[0-9a-f-]{36}$/.test(v[1]))
      return { key: v[0], id: v[1] };
  } catch {
    // fall through
  }
  throw invalid('Invalid page cursor.', [{ path: 'after', message: 'Invalid page cursor.' }]);
}

/**
 * What starts with the prefix `name` (placeholders `name`, `nameEnd` and `nameLike`: prefixValues), as a
 * range of a btree index in byte order (text_pattern_ops) as well as the LIKE: the statements run as
 * generic plans (db/client.ts PLAN_CACHE_MODE), in which a LIKE with a parameter cannot become an index
 * range, so without the range each branch read its whole table.
 */
function startsWith(column: SQL, name: string): SQL {
  return sql`${column} ~>=~ ${sql.placeholder(name)}::text and ${column} ~<~ ${sql.placeholder(`${name}End`)}::text and ${column} like ${sql.placeholder(`${name}Like`)}::text`;
}

/** The values of startsWith's placeholders for `prefix`. */
function prefixValues(name: string, prefix: string): Record<string, string> {
  return { [name]: prefix, [`${name}End`]: prefix + '\u{10FFFF}', [`${name}Like`]: prefixPattern(prefix) };
}

/**
 * The prisoners whose relatives (family members listed in a prison of the scope) start with the prefix named `name` (startsWith's placeholders):
 * each prison's index range (family_members_prison_*_prefix_idx) read in its order and stopped after a
 * page of relatives (each costs a look-up of the prisoners they follow), then those prisoners held in the scope.
 */
function relativeHits(column: 'lower(m.name)' | 'm.phone', name: string): SQL {
  const c = sql.raw(column);
  return sql`(select p.id, p.name_key from scope s cross join lateral (select m.user_id from family_members m
        where m.prison_id = s.id and ${startsWith(c, name)} order by ${c} using ~<~ limit ${PAGE + 1}) m
      join prisoner_followers f on f.family_member_id = m.user_id
      join prisoners p on p.id = f.prisoner_id where p.prison_id in (select id from scope))`;
}

/** A relative's phone number in any format (+91, 0, spaces, dashes): as stored, +91 and the digits, or older rows' bare digits. */
const phoneHits = sql`
      union ${relativeHits('m.phone', 'phoneCanonical')}
      union ${relativeHits('m.phone', 'phoneLocal')}`;

/**
 * A prisoner's case or FIR number starting with the prefix named `name` (startsWith's placeholders): the index range read anywhere (a case carries
 * no prison), stopped after SEARCH_READ entries, and kept when the case's prisoner is held in the scope.
 */
function caseHits(column: string, name: string): SQL {
  const c = sql.raw(`lower(c.${column})`);
  return sql`(select p.id, p.name_key from (select c.prisoner_id from cases c where ${startsWith(c, name)}
        order by ${c} using ~<~ limit ${SEARCH_READ}) c
      join prisoners p on p.id = c.prisoner_id where p.prison_id in (select id from scope))`;
}

/**
 * One page of prisoners in name-key order (byte order, as prisoners_prison_name_key_idx holds the key),
 * in ONE statement: the candidates, each with its key, then the page's 51 and what each shows.
 * Browsing, and a name's key, read each prison of the scope's index in its order and stop after a page
 * (so a prison's page is exact and costs a page, however many prisoners it holds or share the key); a
 * number, a case, a relative are bounded index range reads (docs/decisions/0046-prisoner-and-prisons.md#search).
 */
type Row = {
  id: string;
  name: string;
  name_latin: string;
  name_key: string;
  relative_name: string;
  prisoner_number: string | null;
  prison_name: string | null;
  status: PrisonerHit['status'];
  family_member_id: string | null;
  family_member_name: string | null;
  needs: PrisonerHit['needs'];
};

/** How the page is found: browsing by name (the first page, or after a cursor), or a search with or without a phone number's forms. */
type Mode = 'browse' | 'browse-after' | 'find' | 'find-phone';

function hitsOf(mode: Mode): SQL {
  if (mode === 'browse' || mode === 'browse-after') {
    // Browsing by name, a page at a time within the scope: each prison's next page after the cursor.
    const after =
      mode === 'browse-after'
        ? sql`and p.name_key ~>=~ ${sql.placeholder('afterKey')}::text and (p.name_key ~>~ ${sql.placeholder('afterKey')}::text or p.id > ${sql.placeholder('afterId')}::uuid)`
        : sql``;
    return sql`(select h.id, h.name_key from scope s cross join lateral (select p.id, p.name_key from prisoners p
        where p.prison_id = s.id ${after} order by p.name_key using ~<~, p.id limit ${PAGE + 1}) h)`;
  }
  const key = sql`prisoner_name_key(${sql.placeholder('latin')}::text)`;
  return sql`
      (select h.id, h.name_key from scope s cross join lateral (select p.id, p.name_key from prisoners p
        -- A range on the key (byte order, as prisoners_prison_name_key_idx holds it): what starts with the query's key.
        where p.prison_id = s.id and p.name_key ~>=~ ${key} and p.name_key ~<~ (${key} || ${'\u{10FFFF}'})
        order by p.name_key using ~<~, p.id limit ${PAGE + 1}) h where ${key} <> '')
      union (select h.id, h.name_key from scope s cross join lateral (select p.id, p.name_key from prisoners p
        where p.prison_id = s.id and ${startsWith(sql`lower(p.prisoner_number)`, 'lower')} and p.prisoner_number is not null
        order by lower(p.prisoner_number) using ~<~ limit ${SEARCH_READ}) h)
      union ${caseHits('case_number', 'lower')}
      union ${caseHits('fir_number', 'lower')}
      union ${relativeHits('lower(m.name)', 'lower')}${mode === 'find-phone' ? phoneHits : sql``}`;
}

// Built once per shape (docs/decisions/0027-statements-built-once.md): the account's scope and how the page is found.
const searchStatement = preparedSqlByKey<`${ScopeKind}/${Mode}`, Row>((key) => {
  const [kind, mode] = key.split('/') as [ScopeKind, Mode];
  return sql`
      with scope as materialized (${scopeOf(kind)}), hits as (${hitsOf(mode)})
      select p.id, p.name, p.name_latin, p.name_key, p.relative_name, p.prisoner_number, pr.name as prison_name, p.status,
        f.family_member_id, f.family_member_name,
        array_remove(array[
          case when not coalesce(f.has_lawyer, false) then 'no-lawyer' end,
          case when n.bailed then 'bailed-not-released' end,
          case when n.eligible then 'eligible-now' end,
          case when n.default_bail_due then 'default-bail-due' end
        ], null) as needs
      -- The page's prisoners first (by the name key, in scope), then what each shows, read for the page's
      -- rows only: their followers (the first, and whether any has a lawyer) and their cases, one index range each.
      from (select h.id, h.name_key from hits h order by h.name_key using ~<~, h.id limit ${PAGE + 1}) page
      join prisoners p on p.id = page.id
      left join prisons pr on pr.id = p.prison_id
      -- The followers in joining order, sorted once (an aggregate with its own ORDER BY sorts once per
      -- aggregate: two sorts a row, which cost this statement a fifth of its time), then aggregated in that order.
      left join lateral (select (array_agg(x.family_member_id))[1] as family_member_id, (array_agg(x.name))[1] as family_member_name,
          bool_or(x.has_lawyer) as has_lawyer
        from (select ff.family_member_id, mm.name, mm.accepted_lawyers > 0 as has_lawyer
          from prisoner_followers ff join family_members mm on mm.user_id = ff.family_member_id
          where ff.prisoner_id = p.id order by ff.joined_at, ff.family_member_id) x) f on true
      -- The release clock's day as a sub-query PostgreSQL runs once for the page (joined, it was a scan of
      -- its own for every row: a quarter of this statement's time).
      left join lateral (select bool_or(c.bail_granted_on is not null and c.released_on is null) as bailed,
          bool_or(c.released_on is null and c.s479_eligible_on <= (select as_of from release_clock)) as eligible,
          bool_or(c.released_on is null and c.default_bail_eligible_on <= (select as_of from release_clock)
            and (c.chargesheet_filed_on is null or c.chargesheet_filed_on > (select as_of from release_clock))) as default_bail_due
        from cases c where c.prisoner_id = p.id) n on true
      order by page.name_key using ~<~, page.id`;
});

/**
 * One page of prisoners in name-key order (byte order, as prisoners_prison_name_key_idx holds the key),
 * in ONE statement: the candidates, each with its key, then the page's 51 and what each shows.
 * Browsing, and a name's key, read each prison of the scope's index in its order and stop after a page
 * (so a prison's page is exact and costs a page, however many prisoners it holds or share the key); a
 * number, a case, a relative are bounded index range reads (docs/decisions/0046-prisoner-and-prisons.md#search).
 */
export async function searchPrisoners(
  db: Db,
  user: User,
  query: PrisonerSearchQuery,
): Promise<{ prisoners: PrisonerHit[]; nextCursor: string | null }> {
  const scope = scopeKindOf(user, query.prisonId);
  const q = query.q ?? '';
  let mode: Mode;
  let values: Record<string, unknown>;
  if (q === '') {
    const c = query.after ? decode(query.after) : undefined;
    mode = c ? 'browse-after' : 'browse';
    values = c ? { afterKey: c.key, afterId: c.id } : {};
  } else {
    const lower = q.toLowerCase();
    const phone = phoneSearchForms(q);
    mode = phone ? 'find-phone' : 'find';
    values = {
      latin: searchLatin(q),
      ...prefixValues('lower', lower),
      ...(phone && { ...prefixValues('phoneCanonical', phone.canonical), ...prefixValues('phoneLocal', phone.local) }),
    };
  }
  const { rows } = await searchStatement(db, `${scope.kind}/${mode}`).execute({ ...scope.values, ...values });
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    prisoners: page.map((r) => ({
      id: r.id,
      name: r.name,
      nameLatin: r.name_latin,
      relativeName: r.relative_name,
      prisonerNumber: r.prisoner_number,
      prisonName: r.prison_name,
      status: r.status,
      familyMemberId: r.family_member_id,
      familyMemberName: r.family_member_name,
      needs: r.needs,
    })),
    nextCursor: q === '' && rows.length > PAGE && last ? encode({ key: last.name_key, id: last.id }) : null,
  };
}
