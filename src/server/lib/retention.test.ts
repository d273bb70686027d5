// Retention (docs/retention.md): a pass deletes the rows older than their period and spares the
// younger ones — a day either side of each cut-off — walking owners page by page and deleting in
// batches; the floors hold whatever is configured; and each statement it sends reaches its rows
// through the index named in docs/retention.md, never by reading the whole table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#server/env.ts';
import { rawClient } from '../../../bench/plans.ts';
import { addDays, indianDay } from '#shared/deadlines.ts';
import { createDocument, createFamilyMember, createLawyer, createLawyerRequest, createUser } from '#tests/factories.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import {
  RETENTION_DEFAULTS,
  RETENTION_FLOORS,
  retentionCutoff,
  retentionPolicyFromEnv,
  runRetentionPass,
  startRetentionJob,
} from './retention.ts';

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

async function session(userId: string, tag: string, expiresAt: string) {
  await t.db.execute(
    sql`insert into sessions (id, user_id, expires_at) values (${`retention-${tag}`}, ${userId}, ${expiresAt}::timestamptz)`,
  );
}

async function link(userId: string, tag: string, purpose: 'reset' | 'confirm', expiresAt: string, usedAt: string | null) {
  await t.db.execute(sql`insert into password_resets (id, user_id, purpose, expires_at, used_at)
    values (${`retention-${tag}`}, ${userId}, ${purpose}, ${expiresAt}::timestamptz, ${usedAt}::timestamptz)`);
}

async function email(tag: string, status: 'pending' | 'sent' | 'failed', createdAt: string, sentAt: string | null) {
  await t.db.execute(sql`insert into email_outbox ("to", subject, text, status, created_at, next_attempt_at, sent_at)
    values ('retention@gmail.com', ${tag}, 'text', ${status}, ${createdAt}::timestamptz, ${createdAt}::timestamptz, ${sentAt}::timestamptz)`);
}

/** The tags (ids after 'retention-', or subjects) of the rows of a table still there. */
const tags = async (table: 'sessions' | 'password_resets' | 'email_outbox', prefix: string) =>
  table === 'email_outbox'
    ? (await rows<{ tag: string }>(`select subject as tag from email_outbox where subject like '${prefix}%' order by 1`)).map((r) => r.tag)
    : (await rows<{ tag: string }>(`select substr(id, 11) as tag from ${table} where id like 'retention-${prefix}%' order by 1`)).map(
        (r) => r.tag,
      );

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

  it('deletes sessions once expired and spares those expiring later', async () => {
    const cutoff = retentionCutoff(NOW, policy.expiredSessionsDays);
    expect(cutoff).toEqual(NOW);
    const u = await createUser(t.db, { role: 'Lawyer' });
    await session(u.id, 'session.expired-a-day-ago', at(cutoff, -1));
    await session(u.id, 'session.expires-in-a-day', at(cutoff, 1));
    for (let i = 0; i < 4; i++) await session(u.id, `session.expired-long-ago-${i}`, at(cutoff, -30 - i));

    const report = await runRetentionPass(t.db, { policy, now: NOW, batch: 2 });

    expect(report.expiredSessions).toBe(5);
    expect(await tags('sessions', 'session.')).toEqual(['session.expires-in-a-day']);
  });

  it('deletes emailed links, used or not, a week after they expired, and spares younger ones', async () => {
    const cutoff = retentionCutoff(NOW, policy.deadLinksDays);
    expect(policy.deadLinksDays).toBe(7);
    const u = await createUser(t.db, { role: 'Family-Member' });
    for (const purpose of ['reset', 'confirm'] as const) {
      await link(u.id, `link.${purpose}.unused-expired-8-days-ago`, purpose, at(cutoff, -1), null);
      await link(u.id, `link.${purpose}.used-expired-8-days-ago`, purpose, at(cutoff, -1), at(cutoff, -2));
      await link(u.id, `link.${purpose}.unused-expired-6-days-ago`, purpose, at(cutoff, 1), null);
      await link(u.id, `link.${purpose}.used-expired-6-days-ago`, purpose, at(cutoff, 1), at(cutoff, 0.5));
      await link(u.id, `link.${purpose}.live`, purpose, at(cutoff, 8), null);
    }

    const report = await runRetentionPass(t.db, { policy, now: NOW, batch: 3 });

    expect(report.deadLinks).toBe(4);
    expect(await tags('password_resets', 'link.')).toEqual([
      'link.confirm.live',
      'link.confirm.unused-expired-6-days-ago',
      'link.confirm.used-expired-6-days-ago',
      'link.reset.live',
      'link.reset.unused-expired-6-days-ago',
      'link.reset.used-expired-6-days-ago',
    ]);
  });

  it('deletes emails sent over 30 days ago and spares younger ones, and every pending or failed one', async () => {
    const cutoff = retentionCutoff(NOW, policy.sentEmailsDays);
    expect(policy.sentEmailsDays).toBe(30);
    await email('mail.sent-31-days-ago', 'sent', at(cutoff, -2), at(cutoff, -1));
    await email('mail.sent-29-days-ago', 'sent', at(cutoff, -2), at(cutoff, 1));
    for (let i = 0; i < 4; i++) await email(`mail.sent-long-ago-${i}`, 'sent', at(cutoff, -60 - i), at(cutoff, -50 - i));
    await email('mail.pending-old', 'pending', at(cutoff, -400), null);
    await email('mail.failed-old', 'failed', at(cutoff, -400), null);

    const report = await runRetentionPass(t.db, { policy, now: NOW, batch: 2 });

    expect(report.sentEmails).toBe(5);
    expect(await tags('email_outbox', 'mail.')).toEqual(['mail.failed-old', 'mail.pending-old', 'mail.sent-29-days-ago']);
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

    const day = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
    await link(u.id, 'floor.link.expired-half-a-day-ago', 'reset', day(-0.5), null);
    await link(u.id, 'floor.link.expired-2-days-ago', 'reset', day(-2), null);
    await email('floor.mail.sent-6-days-ago', 'sent', day(-6), day(-6));
    await email('floor.mail.sent-8-days-ago', 'sent', day(-8), day(-8));
    await session(u.id, 'floor.session.expired-an-hour-ago', day(-1 / 24));
    await session(u.id, 'floor.session.expires-in-an-hour', day(1 / 24));

    await runRetentionPass(t.db, {
      policy: {
        readNotificationsDays: 1,
        auditDays: 1,
        expiredSessionsDays: -5,
        deadLinksDays: 0,
        sentEmailsDays: 0,
        unconfirmedAccountsDays: 0,
        closedCasesDays: 0,
      },
      now: NOW,
    });

    expect(await auditActions('floor.')).toEqual(['floor.audit.364-days']);
    expect(await notificationTags([u.id])).toEqual(['floor.read-29-days-ago']);
    expect(await tags('password_resets', 'floor.')).toEqual(['floor.link.expired-half-a-day-ago']);
    expect(await tags('email_outbox', 'floor.')).toEqual(['floor.mail.sent-6-days-ago']);
    expect(await tags('sessions', 'floor.')).toEqual(['floor.session.expires-in-an-hour']);
  });

  it('erases the sign-ups nobody confirmed after their period, keeps the row as an id, and spares younger and confirmed ones', async () => {
    const cutoff = retentionCutoff(NOW, policy.unconfirmedAccountsDays);
    const made = async (tag: string, createdAt: string, confirmed: boolean) =>
      (
        await rows<{ id: string }>(`insert into users (email, name, role, password_hash, created_at, confirmed_at, parent_email)
          values ('${tag}@gmail.com', 'Name ${tag}', 'Family-Member', 'hash-${tag}', '${createdAt}', ${confirmed ? `'${createdAt}'` : 'null'},
            'parent.${tag}@gmail.com') returning id`)
      )[0]!.id;
    const old = await made('unconfirmed-old', at(cutoff, -1), false);
    const young = await made('unconfirmed-young', at(cutoff, 1), false);
    const confirmed = await made('confirmed-old', at(cutoff, -30), true);
    // Signed up again yesterday for the same address: the new link keeps working, the row stays.
    const again = await made('unconfirmed-again', at(cutoff, -10), false);
    await link(again, 'again.link', 'confirm', at(NOW, 1), null);
    await run(`update password_resets set created_at = '${at(NOW, -1)}' where user_id = '${again}'`);
    const report = await runRetentionPass(t.db, { policy, now: NOW });
    expect(report.unconfirmedAccounts).toBeGreaterThanOrEqual(1);
    const [erased] = await rows<Record<string, unknown>>(
      `select name, email, password_hash, parent_email, erased_at from users where id = '${old}'`,
    );
    expect(erased).toMatchObject({ name: '', email: `erased-${old}@erased.invalid`, password_hash: '', parent_email: null });
    expect(erased!.erased_at).not.toBeNull();
    const kept = await rows<{ id: string; name: string }>(
      `select id, name from users where id in ('${young}', '${confirmed}', '${again}') order by name`,
    );
    expect(kept.map((r) => r.name)).toEqual(['Name confirmed-old', 'Name unconfirmed-again', 'Name unconfirmed-young']);
    // A second pass finds nothing more of these.
    await runRetentionPass(t.db, { policy, now: NOW });
    expect((await rows<{ name: string }>(`select name from users where id = '${young}'`))[0]!.name).toBe('Name unconfirmed-young');
  });

  it('deletes the cases decided before the cut-off with their hearings, timeline and the papers of a member left with none, and spares the rest', async () => {
    const cutoffDay = indianDay(retentionCutoff(NOW, policy.closedCasesDays));
    const lawyer = await createLawyer(t.db);
    // A: two cases of one prisoner, the one decided a day before the cut-off goes; the other, undecided, stays with the papers.
    const a = await createFamilyMember(t.db, {
      cases: [
        { caseNumber: 'CLOSED-A1', prisonerName: 'Ramesh Closed' },
        { caseNumber: 'CLOSED-A2', prisonerName: 'Ramesh Closed' },
      ],
    });
    const [a1, a2] = a.cases;
    expect(a2!.otherCasesHeld).toBe(1);
    const aPaper = await createDocument(t.db, { familyMemberId: a.user.id });
    // B: one case decided long ago, with a hearing, a timeline entry, a paper kept as a file, and a lawyer request naming it.
    const b = await createFamilyMember(t.db, { cases: [{ caseNumber: 'CLOSED-B1' }] });
    const b1 = b.cases[0]!;
    const bPaper = await createDocument(t.db, { familyMemberId: b.user.id });
    await run(`update documents set storage = 'file', bytes = null where id = '${bPaper.id}'`);
    await run(`insert into hearings (case_id, hearing_on, court, purpose) values ('${b1.id}', '2022-03-01', 'CJM Sitapur', 'Judgment')`);
    await run(`insert into case_events (case_id, kind, details) values ('${b1.id}', 'facts_changed', '{"fields": ["court"]}')`);
    const request = await createLawyerRequest(t.db, { familyMemberId: b.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    await run(`update lawyer_requests set case_id = '${b1.id}' where id = '${request.id}'`);
    // C: decided on the cut-off's day: one day younger than the period, it stays.
    const c = await createFamilyMember(t.db, { cases: [{ caseNumber: 'CLOSED-C1' }] });
    const decide = (id: string, on: string, disposal = 'acquitted') =>
      run(`update cases set disposed_on = '${on}', disposal = '${disposal}' where id = '${id}'`);
    await decide(a1!.id, addDays(cutoffDay, -1));
    await decide(b1.id, addDays(cutoffDay, -400), 'convicted');
    await decide(c.cases[0]!.id, cutoffDay);

    const erased: string[] = [];
    const report = await runRetentionPass(t.db, { policy, now: NOW, erasePapers: async (ids) => void erased.push(...ids) });
    expect(report.closedCases).toBe(2);
    const left = await rows<{ case_number: string; other_cases_held: number }>(
      `select case_number, other_cases_held from cases where case_number like 'CLOSED-%' order by 1`,
    );
    // A2 no longer counts the deleted case against the prisoner (S.479(2)).
    expect(left).toEqual([
      { case_number: 'CLOSED-A2', other_cases_held: 0 },
      { case_number: 'CLOSED-C1', other_cases_held: 0 },
    ]);
    expect(await rows(`select 1 from hearings where case_id = '${b1.id}'`)).toEqual([]);
    expect(await rows(`select 1 from case_events where case_id = '${b1.id}'`)).toEqual([]);
    // B's paper went (B has no case left), and its file with it; A's stays with A's pending case.
    expect((await rows<{ id: string }>(`select id from documents where id in ('${aPaper.id}', '${bPaper.id}')`)).map((r) => r.id)).toEqual([
      aPaper.id,
    ]);
    expect(erased).toEqual([bPaper.id]);
    expect(await rows(`select case_id, status from lawyer_requests where id = '${request.id}'`)).toEqual([
      { case_id: null, status: 'accepted' },
    ]);
    const trail = await rows<{ subject: string; details: { cases: number } }>(
      `select subject, details from audit_events where action = 'case.retention_deleted' and subject in ('${a.user.id}', '${b.user.id}') order by subject`,
    );
    expect(trail.map((r) => [r.subject, r.details.cases]).sort()).toEqual(
      [
        [a.user.id, 1],
        [b.user.id, 1],
      ].sort(),
    );
    // A second pass finds nothing more; a period set shorter than the floor's year is held at the year (C, decided 100 days before, stays).
    expect((await runRetentionPass(t.db, { policy, now: NOW })).closedCases).toBe(0);
    const floor = await runRetentionPass(t.db, {
      policy: { ...policy, closedCasesDays: 1 },
      now: new Date(`${addDays(cutoffDay, 100)}T06:00:00Z`),
    });
    expect(floor.closedCases).toBe(0);
    expect(await rows(`select 1 from cases where case_number = 'CLOSED-C1'`)).toHaveLength(1);
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
    expect(env.RETENTION_EXPIRED_SESSIONS_DAYS).toBe(0);
    expect(env.RETENTION_DEAD_LINKS_DAYS).toBe(7);
    expect(env.RETENTION_SENT_EMAILS_DAYS).toBe(30);
    expect(retentionPolicyFromEnv(env)).toEqual(RETENTION_DEFAULTS);
    expect(RETENTION_DEFAULTS.auditDays).toBeGreaterThanOrEqual(365);
    for (const kind of Object.keys(RETENTION_FLOORS) as (keyof typeof RETENTION_FLOORS)[])
      expect(RETENTION_DEFAULTS[kind], kind).toBeGreaterThanOrEqual(RETENTION_FLOORS[kind]);
  });

  it('refuse a period below its floor, naming the variable', () => {
    expect(() => parseEnv({ RETENTION_AUDIT_DAYS: '364' })).toThrow(EnvError);
    expect(() => parseEnv({ RETENTION_AUDIT_DAYS: '364' })).toThrow(/RETENTION_AUDIT_DAYS: must be at least 365 days/);
    expect(() => parseEnv({ RETENTION_READ_NOTIFICATIONS_DAYS: '29' })).toThrow(/RETENTION_READ_NOTIFICATIONS_DAYS/);
    expect(() => parseEnv({ RETENTION_BATCH: '0' })).toThrow(/RETENTION_BATCH/);
    expect(() => parseEnv({ RETENTION_EXPIRED_SESSIONS_DAYS: '-1' })).toThrow(/RETENTION_EXPIRED_SESSIONS_DAYS/);
    expect(() => parseEnv({ RETENTION_DEAD_LINKS_DAYS: '0' })).toThrow(/RETENTION_DEAD_LINKS_DAYS: must be at least 1 day/);
    expect(() => parseEnv({ RETENTION_SENT_EMAILS_DAYS: '6' })).toThrow(/RETENTION_SENT_EMAILS_DAYS: must be at least 7 days/);
    const lowest = {
      RETENTION_AUDIT_DAYS: '365',
      RETENTION_READ_NOTIFICATIONS_DAYS: '30',
      RETENTION_EXPIRED_SESSIONS_DAYS: '0',
      RETENTION_DEAD_LINKS_DAYS: '1',
      RETENTION_SENT_EMAILS_DAYS: '7',
      RETENTION_UNCONFIRMED_ACCOUNTS_DAYS: '2',
      RETENTION_CLOSED_CASES_DAYS: '365',
    };
    expect(() => parseEnv({ RETENTION_CLOSED_CASES_DAYS: '364' })).toThrow(
      /RETENTION_CLOSED_CASES_DAYS: must be at least 365 days \(the appeal periods\)/,
    );
    expect(() => parseEnv({ RETENTION_UNCONFIRMED_ACCOUNTS_DAYS: '1' })).toThrow(
      /RETENTION_UNCONFIRMED_ACCOUNTS_DAYS: must be at least 2 days/,
    );
    expect(retentionPolicyFromEnv(parseEnv(lowest))).toEqual(RETENTION_FLOORS);
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
  it('reach their rows through the index of each kind (docs/retention.md), never a whole-table scan', { timeout: 300_000 }, async () => {
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
    // Sessions, links and emails: a few thousand each, a third or so past their cut-off.
    await run(`insert into sessions (id, user_id, expires_at)
      select 'plan-' || u.id || '-' || i, u.id, now() + ((i * 7 % 60) - 20) * interval '1 day'
      from users u cross join generate_series(1, 20) i where u.email like 'retention.%'`);
    await run(`insert into password_resets (id, user_id, purpose, expires_at, used_at)
      select 'plan-' || u.id || '-' || i, u.id, case when i % 2 = 0 then 'reset' else 'confirm' end,
        now() + ((i * 7 % 60) - 30) * interval '1 day', case when i % 3 = 0 then now() - (i * 7 % 60) * interval '1 day' end
      from users u cross join generate_series(1, 20) i where u.email like 'retention.%'`);
    await run(`insert into email_outbox ("to", subject, text, status, sent_at)
      select 'plan@gmail.com', 'plan', 'text', case when i % 5 = 0 then 'pending' else 'sent' end,
        case when i % 5 = 0 then null else now() - (i % 90) * interval '1 day' end
      from generate_series(1, 6000) i`);
    await run(`insert into access_log (actor_id, actor_role, action, what, at)
      select md5(i::text)::uuid, 'Lawyer', 'read', 'case', now() - (i % 1500) * interval '1 day' from generate_series(1, 6000) i`);
    // Sign-ups nobody confirmed, up to a month old.
    await run(`insert into users (email, name, role, password_hash, created_at, confirmed_at)
      select 'unconfirmed.' || i || '@gmail.com', 'Unconfirmed ' || i, 'Family-Member', 'x', now() - (i % 30) * interval '1 day', null
      from generate_series(1, 3000) i`);
    // Cases of 300 family members, three in five decided, up to six years ago; ten papers each.
    await run(`insert into family_members (user_id, phone, address)
      select id, '9' || lpad((row_number() over (order by id))::text, 9, '0'), '1 Jail Road' from users where email like 'retention.%'`);
    await run(`insert into cases (family_member_id, case_number, detail, case_type, prisoner_name, disposed_on, disposal)
      select fm.user_id, 'PLAN-' || i, 'Held', 'Criminal Defense Lawyer', 'Plan ' || i,
        case when i % 2 = 1 then current_date - abs(hashtext(fm.user_id::text || i::text)) % 2200 end,
        case when i % 2 = 1 then 'acquitted' end
      from family_members fm join users u on u.id = fm.user_id cross join generate_series(1, 5) i where u.email like 'retention.%'`);
    await run(`insert into documents (family_member_id, filename, content_type, size, sha256, bytes)
      select fm.user_id, 'plan.pdf', 'application/pdf', 4, 'x', '\\x25504446'::bytea
      from family_members fm join users u on u.id = fm.user_id cross join generate_series(1, 10) i where u.email like 'retention.%'`);
    for (const table of [
      'users',
      'notifications',
      'audit_events',
      'sessions',
      'password_resets',
      'email_outbox',
      'access_log',
      'cases',
      'prisoners',
      'documents',
    ])
      await run(`analyze ${table}`);

    t.queries.length = 0;
    t.queryParams.length = 0;
    const report = await runRetentionPass(t.db, { policy, batch: 500, ownersPerPage: 100 });
    expect(report.readNotifications).toBeGreaterThan(0);
    expect(report.auditEvents).toBeGreaterThan(0);
    expect(report.expiredSessions).toBeGreaterThan(0);
    expect(report.deadLinks).toBeGreaterThan(0);
    expect(report.sentEmails).toBeGreaterThan(0);
    expect(report.unconfirmedAccounts).toBeGreaterThan(0);
    expect(report.closedCases).toBeGreaterThan(0);
    const statements = new Map<string, unknown[]>();
    t.queries.forEach((q, i) => statements.set(q, t.queryParams[i] ?? []));
    // Each table's index, and the cut-off its deletes must hold in that index's condition.
    const kinds = {
      notifications: { index: 'notifications_user_page_idx', cutoff: /Index Cond: .*created_at </ },
      audit_events: { index: 'audit_events_subject_idx', cutoff: /Index Cond: .*at </ },
      sessions: { index: 'sessions_expires_idx', cutoff: /Index Cond: .*expires_at </ },
      password_resets: { index: 'password_resets_expires_idx', cutoff: /Index Cond: .*expires_at </ },
      email_outbox: { index: 'email_outbox_sent_idx', cutoff: /Index Cond: .*sent_at </ },
      access_log: { index: 'access_log_at_idx', cutoff: /Index Cond: .*at </ },
      users: { index: 'users_unconfirmed_idx', cutoff: /Index Cond: .*created_at </ },
      // Decided cases: the batch by decision day, then each step of deleting it by key.
      cases: { index: 'cases_disposed_on_idx', cutoff: /Index Cond: .*disposed_on </ },
      'cases by id': { index: 'cases_pkey', cutoff: /Index Cond: .*id = ANY/ },
      'cases of prisoners': { index: 'cases_prisoner_idx', cutoff: null },
      prisoners: { index: 'prisoners_pkey', cutoff: null },
      documents: { index: 'documents_member_idx', cutoff: /Index Cond: .*family_member_id = ANY/ },
    } as const;
    const kindOf = (query: string): keyof typeof kinds => {
      if (/from cases where disposed_on/.test(query)) return 'cases';
      if (/^\s*(?:delete from cases|update "cases")/.test(query)) return 'cases by id';
      if (/from "cases" where "cases"."prisoner_id"/.test(query)) return 'cases of prisoners';
      if (/^\s*select 1 from "?prisoners"?/.test(query)) return 'prisoners';
      if (/^\s*with gone as \(\s*delete from documents/.test(query)) return 'documents';
      const deleted = /^\s*(?:delete from|update) (\w+)/.exec(query)?.[1];
      return (deleted ?? (query.includes('audit_events') ? 'audit_events' : 'notifications')) as keyof typeof kinds;
    };
    const seen = new Set<string>();
    for (const [query, params] of statements) {
      // The audit row of a deleted batch is an insert: no table is read.
      if (/^\s*insert into "audit_events"/.test(query)) continue;
      // A decided cases' batch is one transaction: its begin and commit plan nothing.
      if (/^\s*(?:begin|commit|rollback|savepoint|release)\b/i.test(query)) continue;
      const table = kindOf(query);
      const deleted = /^\s*(?:delete from|update|with gone)/.test(query) || table === 'cases';
      expect(Object.keys(kinds), query).toContain(table);
      const plan = await genericPlan(query, params);
      seen.add(`${query.trimStart().split(' ')[0]} ${table}`);
      expect(plan, plan).toContain(kinds[table].index);
      expect(plan, plan).not.toMatch(
        /Seq Scan on (notifications|audit_events|sessions|password_resets|email_outbox|access_log|users|cases|prisoners|documents)/,
      );
      // The cut-off is part of the index range, not a filter over every row of an owner or of the table.
      const cutoff = kinds[table].cutoff;
      if (deleted && cutoff) expect(plan, plan).toMatch(cutoff);
    }
    expect([...seen].sort()).toEqual([
      'delete access_log',
      'delete audit_events',
      'delete cases by id',
      'delete email_outbox',
      'delete notifications',
      'delete password_resets',
      'delete sessions',
      'select cases',
      'select cases of prisoners',
      'select prisoners',
      'update users',
      'with audit_events',
      'with documents',
      'with notifications',
    ]);
  });
});
