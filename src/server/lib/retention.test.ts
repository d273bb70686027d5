// Retention (docs/retention.md): a pass deletes the rows older than their period and spares the
// younger ones — a day either side of each cut-off — walking owners page by page and deleting in
// batches; the floors hold whatever is configured; and each statement it sends reaches its rows
// through the index named in docs/retention.md, never by reading the whole table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#server/env.ts';
import { rawClient } from '../../../bench/plans.ts';
import { createUser } from '#tests/factories.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import { RETENTION_DEFAULTS, RETENTION_FLOORS, retentionCutoff, runRetentionPass, startRetentionJob } from './retention.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T06:00:00Z');
const policy = { ...RETENTION_DEFAULTS };
const at = (cutoff: Date, days: number) => new Date(cutoff.getTime() + days * DAY).toISOString();

const run = (q: string) => t.db.execute(sql.raw(q));
const rows = async <T>(q: string) => ((await run(q)) as { rows: T[] }).rows;

async function notification(userId: string, tag: string, createdAt: string, readAt: string | null) {
  await t.db.execute(sql`insert into notifications (user_id, kind, params, link, created_at, read_at)
    values (${userId}, 'no_such_kind', ${JSON.stringify({ tag })}::jsonb, '/notifications', ${createdAt}::timestamptz, ${readAt}::timestamptz)`);
}

async function auditEvent(subject: string | null, action: string, when: string) {
  await t.db.execute(sql`insert into audit_events (action, subject, at) values (${action}, ${subject}, ${when}::timestamptz)`);
}

const notificationTags = async (userIds: string[]) =>
  (
    await rows<{ tag: string }>(
      `select params->>'tag' as tag from notifications where user_id in (${userIds.map((u) => `'${u}'`).join(',')}) order by 1`,
    )
  ).map((r) => r.tag);

const auditActions = async (prefix: string) =>
  (await rows<{ action: string }>(`select action from audit_events where action like '${prefix}%' order by 1`)).map((r) => r.action);

describe('a retention pass', () => {
  it('deletes notifications read before the cut-off and spares those read after it, and every unread one', async () => {
    const cutoff = retentionCutoff(NOW, policy.readNotificationsDays);
    const a = await createUser(t.db, { role: 'Family-Member' });
    const b = await createUser(t.db, { role: 'Lawyer' });
    for (const u of [a, b]) {
      await notification(u.id, `${u.role}:read-a-day-before`, at(cutoff, -30), at(cutoff, -1));
      await notification(u.id, `${u.role}:read-a-day-after`, at(cutoff, -30), at(cutoff, 1));
      await notification(u.id, `${u.role}:new-read-today`, at(cutoff, 170), at(cutoff, 179));
      await notification(u.id, `${u.role}:unread-old`, at(cutoff, -400), null);
    }
    // Enough of one user's old read notifications for several batches.
    for (let i = 0; i < 5; i++) await notification(a.id, `Family-Member:old-${i}`, at(cutoff, -100 - i), at(cutoff, -2));

    const report = await runRetentionPass(t.db, { policy, now: NOW, batch: 2, ownersPerPage: 1 });

    expect(report.readNotifications).toBe(7);
    expect(await notificationTags([a.id, b.id])).toEqual([
      'Family-Member:new-read-today',
      'Family-Member:read-a-day-after',
      'Family-Member:unread-old',
      'Lawyer:new-read-today',
      'Lawyer:read-a-day-after',
      'Lawyer:unread-old',
    ]);
  });

  it('deletes audit events older than the cut-off and spares younger ones, with or without a subject', async () => {
    const cutoff = retentionCutoff(NOW, policy.auditDays);
    const odd = 'odd "subject", with {braces} and \\ backslash';
    for (const subject of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', odd, null]) {
      const name = subject === odd ? 'odd' : (subject?.slice(-1) ?? 'none');
      await auditEvent(subject, `keep.${name}.a-day-after`, at(cutoff, 1));
      await auditEvent(subject, `gone.${name}.a-day-before`, at(cutoff, -1));
    }
    for (let i = 0; i < 5; i++) await auditEvent('00000000-0000-4000-8000-000000000001', `gone.1.old-${i}`, at(cutoff, -200 - i));
    for (let i = 0; i < 3; i++) await auditEvent(null, `gone.none.old-${i}`, at(cutoff, -300 - i));

    const report = await runRetentionPass(t.db, { policy, now: NOW, batch: 2, ownersPerPage: 2 });

    expect(report.auditEvents).toBe(12);
    expect(await auditActions('gone.')).toEqual([]);
    expect(await auditActions('keep.')).toEqual([
      'keep.1.a-day-after',
      'keep.2.a-day-after',
      'keep.none.a-day-after',
      'keep.odd.a-day-after',
    ]);
  });

  it('keeps audit events a year and read notifications a month even when told less', async () => {
    const u = await createUser(t.db, { role: 'Family-Member' });
    await auditEvent(u.id, 'floor.audit.364-days', new Date(NOW.getTime() - 364 * DAY).toISOString());
    await auditEvent(u.id, 'floor.audit.366-days', new Date(NOW.getTime() - 366 * DAY).toISOString());
    await notification(
      u.id,
      'floor.read-29-days-ago',
      new Date(NOW.getTime() - 40 * DAY).toISOString(),
      new Date(NOW.getTime() - 29 * DAY).toISOString(),
    );
    await notification(
      u.id,
      'floor.read-31-days-ago',
      new Date(NOW.getTime() - 40 * DAY).toISOString(),
      new Date(NOW.getTime() - 31 * DAY).toISOString(),
    );

    await runRetentionPass(t.db, { policy: { readNotificationsDays: 1, auditDays: 1 }, now: NOW });

    expect(await auditActions('floor.')).toEqual(['floor.audit.364-days']);
    expect(await notificationTags([u.id])).toEqual(['floor.read-29-days-ago']);
  });

  it('the job started with the server runs a pass and stops cleanly', async () => {
    const u = await createUser(t.db, { role: 'Family-Member' });
    const old = new Date(Date.now() - (policy.readNotificationsDays + 1) * DAY).toISOString();
    await notification(u.id, 'job.old', old, old);
    const logged: string[] = [];
    const record = (...args: unknown[]) => void logged.push(String(args[1]));
    const log = { info: record, error: record };
    const job = startRetentionJob(t.db, log, { policy, firstAfterMs: 60_000 });
    const report = await job.run();
    await job.stop();
    expect(report?.readNotifications).toBeGreaterThanOrEqual(1);
    expect(logged).toEqual(['retention pass done']);
    expect(await notificationTags([u.id])).toEqual([]);
  });
});

describe('the retention settings', () => {
  it('have defaults at or above their floors', () => {
    const env = parseEnv({});
    expect(env.RETENTION_READ_NOTIFICATIONS_DAYS).toBe(RETENTION_DEFAULTS.readNotificationsDays);
    expect(env.RETENTION_AUDIT_DAYS).toBe(RETENTION_DEFAULTS.auditDays);
    expect(RETENTION_DEFAULTS.auditDays).toBeGreaterThanOrEqual(365);
    expect(RETENTION_DEFAULTS.readNotificationsDays).toBeGreaterThanOrEqual(RETENTION_FLOORS.readNotificationsDays);
  });

  it('refuse a period below its floor, naming the variable', () => {
    expect(() => parseEnv({ RETENTION_AUDIT_DAYS: '364' })).toThrow(EnvError);
    expect(() => parseEnv({ RETENTION_AUDIT_DAYS: '364' })).toThrow(/RETENTION_AUDIT_DAYS: must be at least 365 days/);
    expect(() => parseEnv({ RETENTION_READ_NOTIFICATIONS_DAYS: '29' })).toThrow(/RETENTION_READ_NOTIFICATIONS_DAYS/);
    expect(() => parseEnv({ RETENTION_BATCH: '0' })).toThrow(/RETENTION_BATCH/);
    expect(parseEnv({ RETENTION_AUDIT_DAYS: '365', RETENTION_READ_NOTIFICATIONS_DAYS: '30' })).toMatchObject({
      RETENTION_AUDIT_DAYS: 365,
      RETENTION_READ_NOTIFICATIONS_DAYS: 30,
    });
  });
});

/** The statement's plan as the app runs it: prepared, its generic plan (db/client.ts PLAN_CACHE_MODE). */
async function genericPlan(query: string, params: unknown[]): Promise<string> {
  type Client = { query: (q: string) => Promise<{ rows: Record<string, unknown>[] }> };
  const client = rawClient(t.handle) as Client & { connect?: () => Promise<Client & { release: () => void }> };
  const one = client.connect ? await client.connect() : client;
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : 'null');
  try {
    await one.query('set plan_cache_mode = force_generic_plan');
    await one.query(`prepare retention_plan as ${query}`);
    try {
      const plan = await one.query(`explain (costs off) execute retention_plan(${params.map(literal).join(', ')})`);
      return plan.rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    } finally {
      await one.query('deallocate retention_plan');
      await one.query('reset plan_cache_mode');
    }
  } finally {
    if ('release' in one) one.release();
  }
}

describe('the retention statements', () => {
  it(
    'reach their rows through notifications_user_page_idx and audit_events_subject_idx, never a whole-table scan',
    { timeout: 300_000 },
    async () => {
      // Tables big enough that a planner would rather scan them whole if no index served.
      await run(`insert into users (email, name, role, password_hash)
      select 'retention.' || i || '@gmail.com', 'Retention ' || i, 'Family-Member', 'x' from generate_series(1, 300) i`);
      await run(`insert into notifications (user_id, kind, params, link, created_at, read_at)
      select u.id, 'no_such_kind', '{}'::jsonb, '/notifications', now() - (i * 7 % 400) * interval '1 day',
        case when i % 4 = 0 then null else now() - (i * 7 % 400 - i % 3) * interval '1 day' end
      from users u cross join generate_series(1, 60) i where u.email like 'retention.%'`);
      await run(`insert into audit_events (action, subject, at)
      select 'plan.event', u.id::text, now() - (i * 25 % 1500) * interval '1 day' from users u cross join generate_series(1, 60) i where u.email like 'retention.%'`);
      await run(
        `insert into audit_events (action, subject, at) select 'plan.none', null, now() - i * interval '1 day' from generate_series(1, 50) i`,
      );
      await run('analyze users');
      await run('analyze notifications');
      await run('analyze audit_events');

      t.queries.length = 0;
      t.queryParams.length = 0;
      const report = await runRetentionPass(t.db, { policy, batch: 500, ownersPerPage: 100 });
      expect(report.readNotifications).toBeGreaterThan(0);
      expect(report.auditEvents).toBeGreaterThan(0);
      const statements = new Map<string, unknown[]>();
      t.queries.forEach((q, i) => statements.set(q, t.queryParams[i] ?? []));
      const kinds = { notifications: 'notifications_user_page_idx', audit_events: 'audit_events_subject_idx' } as const;
      const seen = new Set<string>();
      for (const [query, params] of statements) {
        const table = query.includes('audit_events') ? 'audit_events' : 'notifications';
        const plan = await genericPlan(query, params);
        seen.add(`${query.trimStart().split(' ')[0]} ${table}`);
        expect(plan, plan).toContain(kinds[table]);
        expect(plan, plan).not.toMatch(/Seq Scan on (notifications|audit_events)/);
        // The cut-off is part of the index range, not a filter over every row of an owner.
        if (query.includes('delete'))
          expect(plan, plan).toMatch(table === 'audit_events' ? /Index Cond: .*at </ : /Index Cond: .*created_at </);
      }
      expect([...seen].sort()).toEqual(['delete audit_events', 'delete notifications', 'with audit_events', 'with notifications']);
    },
  );
});
