// The clerk's and the DLSA's prisoner search (docs/decisions/0046-prisoner-and-prisons.md#search): a name
// in any script (its consonant key, prisoner_name_key, within the prisons in scope), the prisoner
// number, a FIR or case number, a relative's name or phone number (any format). Each way is one index range read stopped after
// SEARCH_READ entries; the union is filtered to the account's scope and returned by name.
import { sql, type SQL } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import { searchLatin } from '#shared/names.ts';
import { phoneSearchForms } from '#shared/family.ts';
import type { PrisonerHit, PrisonerSearchQuery } from '#shared/prisoners.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { prefixPattern } from '../jail/jail.queries.ts';

const PAGE = 50;
const SEARCH_READ = 200;

/** The prisons an account may search: its prison, its district's, or (a deployment-wide jail account) all. */
async function scopeOf(db: Db, user: User, prisonId: string | undefined): Promise<SQL> {
  const [me] = rowsOf<{ prison_id: string | null; scope_state: string | null; scope_district: string | null }>(
    await db.execute(sql`select prison_id, scope_state, scope_district from users where id = ${user.id}`),
  );
  if (!me) throw notFound('account');
  if (user.role === 'Jail-Authority') {
    if (me.prison_id) return sql`(select ${me.prison_id}::uuid)`;
    return prisonId ? sql`(select ${prisonId}::uuid)` : sql`(select id from prisons)`;
  }
  if (user.role === 'DLSA' && me.scope_state && me.scope_district) {
    const district = sql`(select id from prisons where state = ${me.scope_state} and district = ${me.scope_district})`;
    return prisonId ? sql`(select id from prisons where id = ${prisonId}::uuid and id in ${district})` : district;
  }
  return sql`(select null::uuid where false)`;
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
 * What starts with `prefix`, as a range of a btree index in byte order (text_pattern_ops) as well as the
 * LIKE: the statements run as generic plans (db/client.ts PLAN_CACHE_MODE), in which a LIKE with a
 * parameter cannot become an index range, so without the range each branch read its whole table.
 */
function startsWith(column: SQL, prefix: string): SQL {
  return sql`${column} ~>=~ ${prefix} and ${column} ~<~ ${prefix + '\u{10FFFF}'} and ${column} like ${prefixPattern(prefix)}`;
}

/** A relative's phone number in any format (+91, 0, spaces, dashes): as stored, +91 and the digits, or older rows' bare digits. */
function phoneHits(q: string): SQL {
  const phone = phoneSearchForms(q);
  if (!phone) return sql``;
  return sql`
      union (select f.prisoner_id from family_members m join prisoner_followers f on f.family_member_id = m.user_id
        where ${startsWith(sql`m.phone`, phone.canonical)} limit ${SEARCH_READ})
      union (select f.prisoner_id from family_members m join prisoner_followers f on f.family_member_id = m.user_id
        where ${startsWith(sql`m.phone`, phone.local)} limit ${SEARCH_READ})`;
}

export async function searchPrisoners(
  db: Db,
  user: User,
  query: PrisonerSearchQuery,
): Promise<{ prisoners: PrisonerHit[]; nextCursor: string | null }> {
  const scope = await scopeOf(db, user, query.prisonId);
  const q = query.q ?? '';
  let ids: SQL;
  let pageWhere = sql`true`;
  if (q === '') {
    // Browsing by name, a page at a time within the scope (prisoners_prison_name_key_idx).
    if (query.after) {
      const c = decode(query.after);
      pageWhere = sql`(p.name_key, p.id) > (${c.key}, ${c.id}::uuid)`;
    }
    ids = sql`select p.id from prisoners p where p.prison_id in ${scope} and ${pageWhere} order by p.name_key, p.id limit ${PAGE + 1}`;
  } else {
    const latin = searchLatin(q);
    const lower = q.toLowerCase();
    ids = sql`
      (select p.id from prisoners p where p.prison_id in ${scope}
        -- A range on the key (byte order, as prisoners_prison_name_key_idx holds it): what starts with the query's key.
        and p.name_key ~>=~ prisoner_name_key(${latin}) and p.name_key ~<~ (prisoner_name_key(${latin}) || ${'\u{10FFFF}'})
        and prisoner_name_key(${latin}) <> ''
        order by p.prison_id, p.name_key limit ${SEARCH_READ})
      union (select p.id from prisoners p where p.prison_id in ${scope}
        and ${startsWith(sql`lower(p.prisoner_number)`, lower)} order by p.prison_id limit ${SEARCH_READ})
      union (select c.prisoner_id from cases c where ${startsWith(sql`lower(c.case_number)`, lower)} limit ${SEARCH_READ})
      union (select c.prisoner_id from cases c where ${startsWith(sql`lower(c.fir_number)`, lower)} and c.fir_number is not null
        limit ${SEARCH_READ})
      union (select f.prisoner_id from family_members m join prisoner_followers f on f.family_member_id = m.user_id
        where ${startsWith(sql`lower(m.name)`, lower)} limit ${SEARCH_READ})${phoneHits(q)}`;
  }
  const rows = rowsOf<{
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
  }>(
    await db.execute(sql`
      select p.id, p.name, p.name_latin, p.name_key, p.relative_name, p.prisoner_number, pr.name as prison_name, p.status,
        f.family_member_id, fm.name as family_member_name,
        array_remove(array[
          case when not exists (select 1 from prisoner_followers ff join family_members mm on mm.user_id = ff.family_member_id
            where ff.prisoner_id = p.id and mm.accepted_lawyers > 0) then 'no-lawyer' end,
          case when exists (select 1 from cases c where c.prisoner_id = p.id and c.bail_granted_on is not null and c.released_on is null)
            then 'bailed-not-released' end,
          case when exists (select 1 from cases c, release_clock d where c.prisoner_id = p.id and c.released_on is null
            and c.s479_eligible_on <= d.as_of) then 'eligible-now' end,
          case when exists (select 1 from cases c, release_clock d where c.prisoner_id = p.id and c.released_on is null
            and c.default_bail_eligible_on <= d.as_of and (c.chargesheet_filed_on is null or c.chargesheet_filed_on > d.as_of))
            then 'default-bail-due' end
        ], null) as needs
      -- The page's prisoners first (by the name key, in scope), then what each shows: the needs and the
      -- first follower are read for the page's rows only, not for every hit of the search.
      from (select p.id from prisoners p where p.id in (${ids}) and p.prison_id in ${scope}
        order by p.name_key, p.id limit ${PAGE + 1}) page
      join prisoners p on p.id = page.id
      left join prisons pr on pr.id = p.prison_id
      left join lateral (select ff.family_member_id from prisoner_followers ff where ff.prisoner_id = p.id
        order by ff.joined_at, ff.family_member_id limit 1) f on true
      left join family_members fm on fm.user_id = f.family_member_id
      order by p.name_key, p.id`),
  );
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
