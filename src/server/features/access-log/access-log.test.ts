// The access log (docs/decisions/0049-access-log.md): each kind of read and change writes its row
// (a list one row naming what it showed); the database refuses UPDATE, TRUNCATE and the DELETE of a
// row younger than 365 days; a family reads the log of the prisoners it follows only; the
// administrator's question is bounded and paged; both reads go through their index.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminAccessPage, FamilyAccessPage } from '#shared/access-log.ts';
import { accessLog, cases } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createDocument, createFamilyMember, createLawyer, createLawyerRequest, createUser, sessionCookie } from '#tests/factories.ts';
import { adminAccessPageSql, familyAccessPageSql } from './access-log.queries.ts';

const t = useTestApp();

type Rows<T> = { rows: T[] };

/** A family with one case and its prisoner, a lawyer who accepted them, and the cookies. */
async function world() {
  const family = await createFamilyMember(t.db, { name: 'Sunita Devi' });
  const caseRow = family.cases[0]!;
  const prisonerId = caseRow.prisonerId;
  const { user: lawyer } = await createLawyer(t.db, { name: 'Adv. Meera Rao' });
  await createLawyerRequest(t.db, { familyMemberId: family.user.id, lawyerId: lawyer.id, status: 'accepted' });
  return {
    family,
    caseRow,
    prisonerId,
    lawyer,
    familyCookie: await sessionCookie(t.db, family.user.id),
    lawyerCookie: await sessionCookie(t.db, lawyer.id),
  };
}

async function rowsOf(actorId: string) {
  return t.db.select().from(accessLog).where(eq(accessLog.actorId, actorId)).orderBy(accessLog.id);
}

describe('the access log is written', () => {
  it('for a case read, its hearings, a document download and a change, naming the prisoner and the member', async () => {
    const w = await world();
    const doc = await createDocument(t.db, { familyMemberId: w.family.user.id });
    const jail = await createUser(t.db, { role: 'Jail-Authority', name: 'Clerk Sharma' });
    const jailCookie = await sessionCookie(t.db, jail.id);

    expect((await t.request('GET', `/api/cases/${w.caseRow.id}`, { cookie: w.lawyerCookie })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/cases/${w.caseRow.id}/deadlines`, { cookie: w.lawyerCookie })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/documents/${doc.id}`, { cookie: w.lawyerCookie })).statusCode).toBe(200);
    const accepted = await t.request('POST', `/api/jail/members/${w.family.user.id}/bail-accept`, { cookie: jailCookie });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const lawyerRows = await rowsOf(w.lawyer.id);
    expect(lawyerRows.map((r) => [r.action, r.what, r.prisonerId, r.memberId, r.actorRole])).toEqual([
      ['read', 'case', w.prisonerId, w.family.user.id, 'Lawyer'],
      ['read', 'case.hearings', w.prisonerId, w.family.user.id, 'Lawyer'],
      ['download', 'document', w.prisonerId, w.family.user.id, 'Lawyer'],
    ]);
    expect(lawyerRows[0]!.ref).toBe(w.caseRow.id);
    expect(lawyerRows[2]!.ref).toBe(doc.id);
    const jailRows = await rowsOf(jail.id);
    expect(jailRows.map((r) => [r.action, r.what, r.prisonerId, r.memberId])).toEqual([
      ['change', 'member.bail-accept', w.prisonerId, w.family.user.id],
    ]);
  });

  it('for a list page: one row naming the records it showed, whatever their number', async () => {
    const members = [await createFamilyMember(t.db), await createFamilyMember(t.db), await createFamilyMember(t.db)];
    const jail = await createUser(t.db, { role: 'Jail-Authority' });
    const res = await t.request('GET', '/api/jail/members?pageSize=50', { cookie: await sessionCookie(t.db, jail.id) });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<{ items: { id: string }[] }>().items.map((i) => i.id);
    for (const m of members) expect(shown).toContain(m.user.id);
    const rows = await rowsOf(jail.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'list', what: 'jail.members', prisonerId: null });
    expect([...(rows[0]!.shown ?? [])].sort()).toEqual([...shown].sort());
  });

  it('for a change of who follows a prisoner: an invitation names the prisoner', async () => {
    const w = await world();
    const res = await t.request('POST', `/api/family/prisoners/${w.prisonerId}/invitations`, { cookie: w.familyCookie });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const rows = await rowsOf(w.family.user.id);
    expect(rows.map((r) => [r.action, r.what, r.prisonerId])).toContainEqual(['change', 'prisoner.invitation', w.prisonerId]);
  });

  it('not for a refused read: a lawyer the family did not choose gets 404 and leaves no row', async () => {
    const w = await world();
    const { user: stranger } = await createLawyer(t.db);
    const res = await t.request('GET', `/api/cases/${w.caseRow.id}`, { cookie: await sessionCookie(t.db, stranger.id) });
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(stranger.id)).toEqual([]);
  });
});

describe('the database keeps the log append-only', () => {
  it('refuses UPDATE, TRUNCATE and the DELETE of a row younger than 365 days; deletes an older one', async () => {
    const w = await world();
    await t.request('GET', `/api/cases/${w.caseRow.id}`, { cookie: w.lawyerCookie });
    const [row] = await rowsOf(w.lawyer.id);
    expect(row).toBeDefined();
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await t.db.execute(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(String((err as { cause?: unknown })?.cause ?? err)).toMatch(/access_log/);
    };
    await refused(sql`update access_log set actor_id = ${w.family.user.id}::uuid where id = ${row!.id}`);
    await refused(sql`update access_log set at = now() - interval '2 years' where id = ${row!.id}`);
    await refused(sql`delete from access_log where id = ${row!.id}`);
    await refused(sql`delete from access_log where at > now() - interval '364 days'`);
    await refused(sql`truncate access_log`);
    expect(await rowsOf(w.lawyer.id)).toHaveLength(1);

    const [old] = await t.db
      .insert(accessLog)
      .values({ actorId: w.lawyer.id, actorRole: 'Lawyer', action: 'read', what: 'case', at: new Date(Date.now() - 366 * 86_400_000) })
      .returning();
    await t.db.execute(sql`delete from access_log where id = ${old!.id}`);
    expect((await rowsOf(w.lawyer.id)).map((r) => r.id)).toEqual([row!.id]);
  });
});

describe('GET /api/family/access-log', () => {
  it("shows who read the family's prisoner: officials and lawyers by name, not the reader's own reads", async () => {
    const w = await world();
    await t.request('GET', `/api/cases/${w.caseRow.id}`, { cookie: w.familyCookie });
    await t.request('GET', `/api/cases/${w.caseRow.id}`, { cookie: w.lawyerCookie });
    const res = await t.request('GET', `/api/family/access-log?prisonerId=${w.prisonerId}`, { cookie: w.familyCookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<FamilyAccessPage>();
    expect(page.prisoner.id).toBe(w.prisonerId);
    expect(page.rows).toEqual([{ at: expect.any(String), actorRole: 'Lawyer', actorName: 'Adv. Meera Rao', action: 'read', what: 'case' }]);
    expect(page.next).toBeNull();
  });

  it("pages newest first by a cursor, and another family's prisoner is a 404", async () => {
    const w = await world();
    const other = await createFamilyMember(t.db);
    await t.db.insert(accessLog).values(
      Array.from({ length: 35 }, (_, i) => ({
        actorId: w.lawyer.id,
        actorRole: 'Lawyer',
        action: 'read' as const,
        what: 'case',
        prisonerId: w.prisonerId,
        at: new Date(Date.now() - i * 60_000),
      })),
    );
    const first = (
      await t.request('GET', `/api/family/access-log?prisonerId=${w.prisonerId}`, { cookie: w.familyCookie })
    ).json<FamilyAccessPage>();
    expect(first.rows).toHaveLength(30);
    expect(first.next).not.toBeNull();
    const second = await t.request('GET', `/api/family/access-log?prisonerId=${w.prisonerId}&cursor=${encodeURIComponent(first.next!)}`, {
      cookie: w.familyCookie,
    });
    expect(second.statusCode, second.body).toBe(200);
    const page2 = second.json<FamilyAccessPage>();
    expect(page2.rows).toHaveLength(5);
    expect(page2.next).toBeNull();
    const times = [...first.rows, ...page2.rows].map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());

    const theirs = await t.request('GET', `/api/family/access-log?prisonerId=${other.cases[0]!.prisonerId}`, { cookie: w.familyCookie });
    expect(theirs.statusCode).toBe(404);
  });

  it('is for family members only (403 for other roles, 401 signed out); bad input is 400', async () => {
    const w = await world();
    const url = `/api/family/access-log?prisonerId=${w.prisonerId}`;
    expect((await t.request('GET', url)).statusCode).toBe(401);
    for (const role of ['Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator'] as const) {
      const user = await createUser(t.db, { role });
      expect((await t.request('GET', url, { cookie: await sessionCookie(t.db, user.id) })).statusCode, role).toBe(403);
    }
    expect((await t.request('GET', '/api/family/access-log?prisonerId=nope', { cookie: w.familyCookie })).statusCode).toBe(400);
    expect((await t.request('GET', `${url}&cursor=drop-table`, { cookie: w.familyCookie })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/access-log', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it('answers whose records an account read between two times, paged, and only within them', async () => {
    const w = await world();
    const admin = await createUser(t.db, { role: 'State-Administrator' });
    const adminCookie = await sessionCookie(t.db, admin.id);
    const now = Date.now();
    await t.db.insert(accessLog).values([
      ...Array.from({ length: 32 }, (_, i) => ({
        actorId: w.lawyer.id,
        actorRole: 'Lawyer',
        action: 'read' as const,
        what: 'case',
        prisonerId: w.prisonerId,
        memberId: w.family.user.id,
        at: new Date(now - 3_600_000 - i * 1000),
      })),
      {
        actorId: w.lawyer.id,
        actorRole: 'Lawyer',
        action: 'read' as const,
        what: 'case',
        prisonerId: w.prisonerId,
        at: new Date(now - 5 * 86_400_000),
      },
    ]);
    const url = `/api/admin/access-log?account=${encodeURIComponent(w.lawyer.email)}&from=${iso(now - 86_400_000)}&to=${iso(now)}`;
    const res = await t.request('GET', url, { cookie: adminCookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<AdminAccessPage>();
    expect(page.account).toMatchObject({ id: w.lawyer.id, role: 'Lawyer', name: 'Adv. Meera Rao' });
    expect(page.rows).toHaveLength(30);
    expect(page.rows[0]).toMatchObject({ action: 'read', what: 'case', prisoner: { id: w.prisonerId }, memberId: w.family.user.id });
    const [prisoner] = await t.db
      .select({ name: sql<string>`(select name from prisoners where id = ${cases.prisonerId})` })
      .from(cases)
      .where(eq(cases.id, w.caseRow.id));
    expect(page.rows[0]!.prisoner!.name).toBe(prisoner!.name);
    const rest = (
      await t.request('GET', `${url}&cursor=${encodeURIComponent(page.next!)}`, { cookie: adminCookie })
    ).json<AdminAccessPage>();
    expect(rest.rows).toHaveLength(2);
    expect(rest.next).toBeNull();
    // By id too; the question itself is logged, naming the prisoners it showed.
    const byId = await t.request('GET', url.replace(encodeURIComponent(w.lawyer.email), w.lawyer.id), { cookie: adminCookie });
    expect(byId.json<AdminAccessPage>().rows).toHaveLength(30);
    const adminRows = await rowsOf(admin.id);
    expect(adminRows.length).toBeGreaterThan(0);
    expect(adminRows[0]).toMatchObject({ action: 'list', what: 'admin.access-log' });
  });

  it('refuses a reversed or too long window (400), an unknown account (404) and every other role (403)', async () => {
    const w = await world();
    const admin = await createUser(t.db, { role: 'State-Administrator' });
    const adminCookie = await sessionCookie(t.db, admin.id);
    const now = Date.now();
    const q = (from: number, to: number, account = w.lawyer.id) =>
      `/api/admin/access-log?account=${account}&from=${iso(from)}&to=${iso(to)}`;
    expect((await t.request('GET', q(now, now - 1000), { cookie: adminCookie })).statusCode).toBe(400);
    expect((await t.request('GET', q(now - 401 * 86_400_000, now), { cookie: adminCookie })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/admin/access-log?account=x', { cookie: adminCookie })).statusCode).toBe(400);
    expect((await t.request('GET', q(now - 1000, now, 'nobody@gmail.com'), { cookie: adminCookie })).statusCode).toBe(404);
    for (const cookie of [w.familyCookie, w.lawyerCookie, await sessionCookie(t.db, (await createUser(t.db, { role: 'DLSA' })).id)])
      expect((await t.request('GET', q(now - 1000, now), { cookie })).statusCode).toBe(403);
  });
});

describe('the log reads go through their index', () => {
  it('the family page by access_log_prisoner_idx, the administrator page by access_log_actor_idx', { timeout: 120_000 }, async () => {
    const w = await world();
    // Enough rows across many prisoners and actors that a whole-table scan would be the worse plan.
    await t.db.execute(sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, at)
      select md5('a' || (i % 300))::uuid, 'Lawyer', 'read', 'case', md5('p' || (i % 500))::uuid, now() - (i || ' seconds')::interval
      from generate_series(1, 20000) i`);
    await t.db.execute(sql`analyze access_log`);
    const plan = async (statement: ReturnType<typeof sql>) => {
      const { rows } = (await t.db.execute(sql`explain (costs off) ${statement}`)) as Rows<Record<string, string>>;
      return rows.map((r) => Object.values(r)[0]).join('\n');
    };
    const cursor = { at: new Date().toISOString(), id: '999999' };
    const family = await plan(familyAccessPageSql(w.prisonerId, w.family.user.id, cursor));
    expect(family).toMatch(/access_log_prisoner_idx/);
    expect(family).not.toMatch(/Seq Scan on access_log/);
    const admin = await plan(
      adminAccessPageSql(w.lawyer.id, new Date(Date.now() - 86_400_000).toISOString(), new Date().toISOString(), cursor),
    );
    expect(admin).toMatch(/access_log_actor_idx/);
    expect(admin).not.toMatch(/Seq Scan on access_log/);
  });
});

describe('retention of the access log', () => {
  it('deletes rows past the audit period, spares younger ones, and is refused below the floor by the database', async () => {
    const { runRetentionPass, RETENTION_DEFAULTS } = await import('#server/lib/retention.ts');
    const actorId = (await createUser(t.db, { role: 'Lawyer' })).id;
    const day = 86_400_000;
    const now = Date.now();
    await t.db.insert(accessLog).values(
      [1094, 1096, 1200, 300].map((days) => ({
        actorId,
        actorRole: 'Lawyer',
        action: 'read' as const,
        what: 'case',
        at: new Date(now - days * day),
      })),
    );
    await runRetentionPass(t.db, { policy: RETENTION_DEFAULTS, now: new Date(now) });
    const left = (await rowsOf(actorId)).map((r) => Math.round((now - r.at.getTime()) / day)).sort((a, b) => a - b);
    expect(left).toEqual([300, 1094]);
    // A pass asked for less than the floor still keeps a year (the pass clamps; the trigger would refuse).
    await runRetentionPass(t.db, { policy: { ...RETENTION_DEFAULTS, auditDays: 10 }, now: new Date(now) });
    expect((await rowsOf(actorId)).length).toBe(1);
  });
});

describe("every route of a prisoner's record is logged or exempted on purpose", () => {
  /** Routes that reach a record but write no row, and why. */
  const EXEMPT: Record<string, string> = {
    'GET /api/jail/deadline-flags': "flags beside the dashboard's cards, which the dashboard's row names",
    'GET /api/hearings/next': "the family's own next date",
  };
  const REACHES_A_RECORD = [
    /:caseId/,
    /^\w+ \/api\/documents/,
    /\/api\/jail\/members/,
    /\/api\/hearings/,
    /\/api\/lawyers\/clients/,
    /\/api\/prisoners/,
    /\/api\/dlsa\//,
    /\/api\/family\/prisoners\/:/,
    /\/api\/family\/invitations\/accept/,
    /\/api\/ngos\/:id\/members/,
  ];

  it('a new route that reaches a record fails here until the table in plugins/access-log.ts names it', async () => {
    const { ACCESS_LOGGED_ROUTES } = await import('#server/plugins/access-log.ts');
    const reaching = [...t.app.routeRoles.keys()].filter((key) => !key.startsWith('HEAD ') && REACHES_A_RECORD.some((re) => re.test(key)));
    expect(reaching.length).toBeGreaterThan(15);
    const unlogged = reaching.filter((key) => !(key in ACCESS_LOGGED_ROUTES) && !(key in EXEMPT));
    expect(unlogged).toEqual([]);
    // Every logged route exists (a renamed route would silently stop logging).
    expect(Object.keys(ACCESS_LOGGED_ROUTES).filter((key) => !t.app.routeRoles.has(key))).toEqual([]);
  });
});
