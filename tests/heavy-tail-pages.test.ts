// The lists that grow with their owner come in keyset pages (docs/decisions/0044-keyset-pages-for-the-heavy-tail.md):
// an NGO's assigned members and a user's notifications. Each list is read whole across its pages
// (every item once, in order, ties within a microsecond included), and at scale (an NGO with 5,000
// members, an inbox of 5,000 notifications) the database's own EXPLAIN ANALYZE of the first and a
// deep page shows a range of the list's index: no sort, no whole-table scan, and the deep page
// touches no more rows than the first.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGO_MEMBERS_PAGE_SIZE } from '#shared/ngos.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '#shared/notifications.ts';
import { listNgoMembers } from '#server/features/ngos/ngos.queries.ts';
import { listNotifications } from '#server/features/notifications/notifications.queries.ts';
import { decodeTimeCursor, type TimeCursor } from '#server/lib/time-cursor.ts';
import { explain, type PlanWork } from '../bench/plans.ts';
import { createNgo, createUser } from './factories.ts';
import { createTestDb, type TestDb } from './test-db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const run = (q: string) => t.db.execute(sql.raw(q));

/**
 * `n` family members (emails <tag>.<i>@gmail.com) assigned to the NGO, seven at each microsecond so
 * that ties straddle the pages' ends. Set-based, as the bench seeds.
 */
async function assignMembers(ngoId: string, tag: string, n: number) {
  // The stored member cards are not what these lists read; their triggers (which rebuild every new
  // member's cards) are off while seeding, as in bench/seed.ts, so 5,000 members take seconds.
  await cardTriggers(false);
  try {
    await insertMembers(ngoId, tag, n);
  } finally {
    await cardTriggers(true);
  }
}

async function cardTriggers(on: boolean) {
  const { rows } = (await run(`select c.relname as tbl, t.tgname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where p.proname in ('member_cards_child_trg', 'family_members_cards_trg')`)) as { rows: { tbl: string; name: string }[] };
  for (const r of rows) await run(`alter table "${r.tbl}" ${on ? 'enable' : 'disable'} trigger "${r.name}"`);
}

async function insertMembers(ngoId: string, tag: string, n: number) {
  await run(`insert into users (email, name, role, password_hash)
    select '${tag}.' || i || '@gmail.com', 'Member ' || lpad(i::text, 5, '0'), 'Family-Member', 'x' from generate_series(1, ${n}) i`);
  await run(`insert into family_members (user_id, phone, address)
    select id, '9' || lpad((row_number() over (order by id))::text, 9, '0'), '1 Jail Road'
    from users where email like '${tag}.%'`);
  await run(`insert into ngo_assignments (family_member_id, ngo_id, assigned_at)
    select fm.user_id, '${ngoId}', timestamptz '2026-01-01 00:00:00+00' + (row_number() over (order by fm.user_id) / 7) * interval '1 microsecond'
    from family_members fm join users u on u.id = fm.user_id where u.email like '${tag}.%'`);
  await run(`update ngos set seats_free = 0 where id = '${ngoId}'`);
  await run('analyze ngo_assignments');
  await run('analyze family_members');
}

/** `n` notifications of the user, seven at each microsecond, one in ten unread. */
async function addNotifications(userId: string, n: number) {
  await run(`insert into notifications (user_id, kind, params, link, created_at, read_at)
    select '${userId}', 'no_such_kind', '{}'::jsonb, '/notifications',
      timestamptz '2026-01-01 00:00:00+00' + (i / 7) * interval '1 microsecond', case when i % 10 = 0 then null else now() end
    from generate_series(1, ${n}) i`);
  await run('analyze notifications');
}

/** Rows of the NGO's assignments in the list's order: newest first, then the member id descending. */
async function expectedOrder(ngoId: string): Promise<string[]> {
  const { rows } = (await run(
    `select family_member_id as id from ngo_assignments where ngo_id = '${ngoId}' order by assigned_at desc, family_member_id desc`,
  )) as { rows: { id: string }[] };
  return rows.map((r) => r.id);
}

/** Every statement `read` sends, EXPLAINed as the app runs it (its prepared generic plan). */
async function plansOf(read: () => Promise<unknown>): Promise<PlanWork[]> {
  t.queries.length = 0;
  t.queryParams.length = 0;
  await read();
  const statements = t.queries.map((query, i) => ({ query, params: t.queryParams[i] ?? [] }));
  const plans: PlanWork[] = [];
  for (const s of statements) plans.push(await explain(t.handle, s));
  return plans;
}

const GROWING = ['users', 'family_members', 'ngo_assignments', 'notifications'];

function expectIndexRange(plans: PlanWork[], index: string) {
  const all = plans.flatMap((p) => p.nodeTypes);
  expect(all, 'no sort of the list').not.toContain('Sort');
  expect(all, 'no sort of the list').not.toContain('Incremental Sort');
  expect(
    plans.flatMap((p) => p.seqScans).filter((s) => GROWING.includes(s)),
    'no whole-table scan',
  ).toEqual([]);
  expect(
    plans.some((p) => p.text.includes(index)),
    plans.map((p) => p.text).join('\n\n'),
  ).toBe(true);
}

describe("an NGO's assigned members, in keyset pages", () => {
  it('reads every member exactly once, newest first, ties within a microsecond across the pages included', async () => {
    const ngo = await createNgo(t.db, { seatsFree: 100 });
    await assignMembers(ngo.id, 'pages', 61);
    const want = await expectedOrder(ngo.id);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: TimeCursor | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await listNgoMembers(t.db, ngo.id, cursor);
      expect(page.total).toBe(61);
      expect(page.ngo.id).toBe(ngo.id);
      sizes.push(page.items.length);
      seen.push(...page.items.map((m) => m.id));
      if (!page.nextCursor) break;
      cursor = decodeTimeCursor(page.nextCursor);
    }
    expect(sizes).toEqual([NGO_MEMBERS_PAGE_SIZE, NGO_MEMBERS_PAGE_SIZE, 61 - 2 * NGO_MEMBERS_PAGE_SIZE]);
    expect(seen).toEqual(want);
    const first = await listNgoMembers(t.db, ngo.id);
    expect(first.items[0]).toMatchObject({ name: expect.stringMatching(/^Member \d{5}$/), phone: expect.stringMatching(/^9\d{9}$/) });
  });

  it('an empty NGO has no page after its first; an unknown NGO is not found', async () => {
    const ngo = await createNgo(t.db);
    expect(await listNgoMembers(t.db, ngo.id)).toMatchObject({ items: [], total: 0, nextCursor: null });
    await expect(listNgoMembers(t.db, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it(
    'with 5,000 members a deep page is a range of ngo_assignments_ngo_page_idx like the first, with no sort',
    { timeout: 300_000 },
    async () => {
      const ngo = await createNgo(t.db, { seatsFree: 10 });
      await assignMembers(ngo.id, 'tail', 5_000);
      const order = await expectedOrder(ngo.id);
      // The cursor of the 4,000th member: read through pages to get there would take 160 requests.
      const { rows } =
        (await run(`select to_char(assigned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, family_member_id as id
      from ngo_assignments where ngo_id = '${ngo.id}' and family_member_id = '${order[3_999]}'`)) as {
          rows: TimeCursor[];
        };
      const deep = rows[0]!;
      const deepPage = await listNgoMembers(t.db, ngo.id, deep);
      expect(deepPage.items.map((m) => m.id)).toEqual(order.slice(4_000, 4_000 + NGO_MEMBERS_PAGE_SIZE));
      const firstPlans = await plansOf(() => listNgoMembers(t.db, ngo.id));
      const deepPlans = await plansOf(() => listNgoMembers(t.db, ngo.id, deep));
      expectIndexRange(firstPlans, 'ngo_assignments_ngo_page_idx');
      expectIndexRange(deepPlans, 'ngo_assignments_ngo_page_idx');
      const touched = (p: PlanWork[]) => p.reduce((n, x) => n + x.rowsTouched, 0);
      // A page plus one of assignments and their members, and the NGO's row: nowhere near 5,000.
      expect(touched(firstPlans)).toBeLessThan(200);
      expect(touched(deepPlans)).toBeLessThanOrEqual(touched(firstPlans));
    },
  );
});

describe("a user's notifications, in keyset pages", () => {
  it('reads every notification exactly once, newest first, ties within a microsecond included', async () => {
    const user = await createUser(t.db, { role: 'Lawyer' });
    await addNotifications(user.id, 47);
    const { rows } = (await run(`select id from notifications where user_id = '${user.id}' order by created_at desc, id desc`)) as {
      rows: { id: string }[];
    };
    const seen: string[] = [];
    let before: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await listNotifications(t.db, { id: user.id, language: 'en' }, before);
      expect(page.items.length).toBeLessThanOrEqual(NOTIFICATIONS_PAGE_SIZE);
      seen.push(...page.items.map((n) => n.id));
      if (!page.nextCursor) break;
      before = page.nextCursor;
    }
    expect(seen).toEqual(rows.map((r) => r.id));
  });

  it(
    'with 5,000 notifications a deep page is a range of notifications_user_page_idx like the first, with no sort',
    { timeout: 300_000 },
    async () => {
      const user = await createUser(t.db, { role: 'Lawyer' });
      await addNotifications(user.id, 5_000);
      const { rows } = (await run(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
      from notifications where user_id = '${user.id}' order by created_at desc, id desc offset 3999 limit 1`)) as {
        rows: TimeCursor[];
      };
      const deep = Buffer.from(JSON.stringify([rows[0]!.at, rows[0]!.id])).toString('base64url');
      const firstPlans = await plansOf(() => listNotifications(t.db, { id: user.id, language: 'en' }, undefined));
      const deepPlans = await plansOf(() => listNotifications(t.db, { id: user.id, language: 'en' }, deep));
      // The page, and the unread count (capped, on its own partial index).
      expect(firstPlans).toHaveLength(2);
      expectIndexRange(firstPlans, 'notifications_user_page_idx');
      expectIndexRange(deepPlans, 'notifications_user_page_idx');
      const touched = (p: PlanWork[]) => p.reduce((n, x) => n + x.rowsTouched, 0);
      expect(touched(firstPlans)).toBeLessThan(400);
      expect(touched(deepPlans)).toBeLessThanOrEqual(touched(firstPlans));
    },
  );
});
