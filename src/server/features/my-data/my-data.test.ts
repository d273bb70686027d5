// A family member's rights over their data (docs/decisions/0054-rights-a-family-can-use.md): the
// export holds the member, the prisoners they follow, their cases, papers and with whom it was shared,
// and is itself logged; the prisoner's details can be corrected; a nominee is checked and kept;
// erasure is refused while a proceeding is pending, and otherwise leaves no personal data in any
// column of any table, no stored file and no session.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import type { ErasureCheck, MyData, PrisonerDetails } from '#shared/my-data.ts';
import { ERASE_CONFIRM } from '#shared/my-data.ts';
import {
  accessLog,
  auditEvents,
  cases,
  hearings,
  legalAidApplications,
  ngos,
  prisonerFollowers,
  prisoners,
  users,
} from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { exportAccessLogSql } from './my-data.queries.ts';
import { minimalPdf, multipartBody } from '#tests/fixtures/files.ts';
import {
  createDocument,
  createFamilyMember,
  createLawyer,
  createLawyerRequest,
  createNgo,
  createNgoAssignment,
  createUser,
  createJailAuthority,
  sessionCookie,
  TEST_PASSWORD,
} from '#tests/factories.ts';

const t = useTestApp();
type Rows<T> = { rows: T[] };

async function family(name = 'Sunita Devi', phone = '9876543210') {
  const f = await createFamilyMember(t.db, { name, phone });
  return { ...f, prisonerId: f.cases[0]!.prisonerId, cookie: await sessionCookie(t.db, f.user.id) };
}
const release = (prisonerId: string) => t.db.update(prisoners).set({ status: 'released' }).where(eq(prisoners.id, prisonerId));
const exportOf = async (cookie: string) => {
  const res = await t.request('GET', '/api/family/my-data', { cookie });
  expect(res.statusCode).toBe(200);
  return res.json<MyData>();
};

describe('GET /api/family/my-data', () => {
  it('holds the member, the prisoner, the cases, papers and who it was shared with, as a file to save', async () => {
    const f = await family('Kamla Bai');
    const { user: lawyer } = await createLawyer(t.db, { name: 'Adv. Meera Rao' });
    await createLawyerRequest(t.db, { familyMemberId: f.user.id, lawyerId: lawyer.id, status: 'accepted' });
    const ngo = await createNgo(t.db, { name: 'Prayas' });
    await createNgoAssignment(t.db, { familyMemberId: f.user.id, ngoId: ngo.id });
    const doc = await createDocument(t.db, { familyMemberId: f.user.id, filename: 'bail-order.pdf' });
    // The lawyer reads the case: the export names them among those who read it.
    expect((await t.request('GET', `/api/cases/${f.cases[0]!.id}`, { cookie: await sessionCookie(t.db, lawyer.id) })).statusCode).toBe(200);

    const res = await t.request('GET', '/api/family/my-data', { cookie: f.cookie });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="rihaai-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json<MyData>();
    expect(data.account).toMatchObject({ id: f.user.id, name: 'Kamla Bai', email: f.user.email, role: 'Family-Member' });
    expect(data.registration).toMatchObject({ phone: '9876543210', address: '1 Test Lane, Delhi' });
    expect(data.prisoners.map((p) => p.id)).toEqual([f.prisonerId]);
    expect(data.prisoners[0]!.followers).toEqual([expect.objectContaining({ name: 'Kamla Bai', you: true })]);
    expect(data.cases).toEqual([
      expect.objectContaining({ id: f.cases[0]!.id, caseNumber: f.cases[0]!.caseNumber, prisonerId: f.prisonerId }),
    ]);
    expect(data.documents).toEqual([
      expect.objectContaining({ id: doc.id, filename: 'bail-order.pdf', downloadUrl: `/api/documents/${doc.id}` }),
    ]);
    expect(data.sharedWith.lawyers).toEqual([
      expect.objectContaining({ name: 'Adv. Meera Rao', status: 'accepted', seesYourRecord: true }),
    ]);
    expect(data.sharedWith.ngo).toMatchObject({ name: 'Prayas' });
    expect(data.accessLog).toContainEqual(
      expect.objectContaining({ actorRole: 'Lawyer', actorName: 'Adv. Meera Rao', action: 'read', you: false }),
    );
    expect(data.about.files).toMatch(/downloaded/);
    expect(data.nominee).toBeNull();
    expect(data.legalAid).toEqual([]);
  });

  it('holds the legal-aid applications the member filed, with the DLSA’s answer', async () => {
    const f = await family('Rekha Devi');
    const { user: lawyer } = await createLawyer(t.db, { name: 'Adv. Legal Aid' });
    await t.db.insert(legalAidApplications).values({
      prisonerId: f.prisonerId,
      familyMemberId: f.user.id,
      state: 'UP',
      district: 'Sitapur',
      note: 'Please help',
      status: 'accepted',
      dueOn: '2026-11-20',
      decidedAt: new Date('2026-11-18T10:00:00Z'),
      lawyerId: lawyer.id,
    });
    const data = await exportOf(f.cookie);
    expect(data.legalAid).toEqual([
      expect.objectContaining({
        prisonerId: f.prisonerId,
        district: 'Sitapur',
        note: 'Please help',
        status: 'accepted',
        dueOn: '2026-11-20',
        decidedAt: '2026-11-18T10:00:00.000Z',
        lawyerName: 'Adv. Legal Aid',
      }),
    ]);
  });

  it('is written to the access log as an export of the record, a row for each prisoner followed', async () => {
    const f = await family();
    await exportOf(f.cookie);
    const rows = await t.db.select().from(accessLog).where(eq(accessLog.actorId, f.user.id));
    expect(rows).toEqual([
      expect.objectContaining({ action: 'export', what: 'member.export', memberId: f.user.id, prisonerId: f.prisonerId }),
    ]);
  });

  it("is the session's own member only: other roles are refused, and another family's data never shows", async () => {
    const a = await family('Asha Kumari');
    const b = await family('Bina Kumari');
    for (const role of ['Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator'] as const) {
      const user =
        role === 'Lawyer'
          ? (await createLawyer(t.db)).user
          : role === 'Jail-Authority'
            ? await createJailAuthority(t.db)
            : await createUser(t.db, { role });
      const res = await t.request('GET', '/api/family/my-data', { cookie: await sessionCookie(t.db, user.id) });
      expect([403, 404], role).toContain(res.statusCode);
      expect(res.body).not.toContain('Asha');
    }
    const text = JSON.stringify(await exportOf(b.cookie));
    expect(text).not.toContain('Asha');
    expect(text).not.toContain(a.cases[0]!.caseNumber);
    expect((await t.request('GET', '/api/family/my-data')).statusCode).toBe(401);
  });
});

describe("the export's access-log rows go through their indexes", () => {
  it(
    'access_log_prisoner_idx for the prisoners followed and access_log_actor_idx for the member, never the whole log',
    { timeout: 120_000 },
    async () => {
      const f = await family();
      // Enough rows across many prisoners and actors that a whole-table scan would be the worse plan.
      await t.db.execute(sql`insert into access_log (actor_id, actor_role, action, what, prisoner_id, at)
      select md5('a' || (i % 300))::uuid, 'Lawyer', 'read', 'case', md5('p' || (i % 500))::uuid, now() - (i || ' seconds')::interval
      from generate_series(1, 20000) i`);
      await t.db.execute(sql`analyze access_log`);
      const { rows } = (await t.db.execute(sql`explain (costs off) ${exportAccessLogSql(f.user.id)}`)) as Rows<Record<string, string>>;
      const plan = rows.map((r) => Object.values(r)[0]).join('\n');
      expect(plan).toMatch(/access_log_prisoner_idx/);
      expect(plan).toMatch(/access_log_actor_idx/);
      expect(plan).not.toMatch(/Seq Scan on access_log/);
    },
  );
});

describe('PUT /api/family/prisoners/:prisonerId', () => {
  const body = (version: number) => ({
    name: 'Ramesh Kumar',
    relativeName: 'Suresh Kumar',
    gender: 'male',
    birthYear: 1990,
    prisonerNumber: 'UT-4411',
    version,
  });

  it("corrects the prisoner's name and father's name, logged as a change, shown in the export", async () => {
    const f = await family();
    const res = await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, { cookie: f.cookie, body: body(0) });
    expect(res.statusCode).toBe(200);
    expect(res.json<PrisonerDetails>()).toMatchObject({ name: 'Ramesh Kumar', relativeName: 'Suresh Kumar', version: 1 });
    const [p] = await t.db.select().from(prisoners).where(eq(prisoners.id, f.prisonerId));
    expect(p).toMatchObject({ name: 'Ramesh Kumar', nameLatin: 'Ramesh Kumar', prisonerNumber: 'UT-4411' });
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, f.user.id), eq(accessLog.what, 'prisoner.details')));
    expect(logged).toHaveLength(1);
    expect((await exportOf(f.cookie)).prisoners[0]).toMatchObject({ name: 'Ramesh Kumar', relativeName: 'Suresh Kumar' });
    // The case carries the corrected name as a fact, a new facts version, and the change on its timeline.
    const [c] = await t.db.select().from(cases).where(eq(cases.id, f.cases[0]!.id));
    expect(c).toMatchObject({ prisonerName: 'Ramesh Kumar', factsVersion: f.cases[0]!.factsVersion + 1 });
    const timeline = (await exportOf(f.cookie)).cases[0]!.events;
    expect(timeline).toContainEqual(expect.objectContaining({ kind: 'facts_changed', by: { name: 'Sunita Devi', role: 'Family-Member' } }));
  });

  it('corrects the name in English letters the jail searches by; a new name without one makes it again; other letters are refused', async () => {
    const f = await family();
    const urdu = await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, {
      cookie: f.cookie,
      body: { ...body(0), name: 'عمران خان' },
    });
    expect(urdu.statusCode, urdu.body).toBe(200);
    // Made by the library from a script with no vowels: it reads wrong, and the family corrects it.
    expect(urdu.json<PrisonerDetails>().nameLatin).not.toBe('Imran Khan');
    const fixed = await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, {
      cookie: f.cookie,
      body: { ...body(1), name: 'عمران خان', nameLatin: 'Imran Khan' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<PrisonerDetails>()).toMatchObject({ name: 'عمران خان', nameLatin: 'Imran Khan', version: 2 });
    const [p] = await t.db
      .select({ nameLatin: prisoners.nameLatin, nameKey: prisoners.nameKey })
      .from(prisoners)
      .where(eq(prisoners.id, f.prisonerId));
    expect(p).toMatchObject({ nameLatin: 'Imran Khan' });
    // The search key the jail's search reads is made from the corrected form.
    const [key] = rowsOf<{ k: string }>(await t.db.execute(sql`select prisoner_name_key('Imran Khan') as k`));
    expect(p!.nameKey).toBe(key!.k);
    // Saved again with the same English letters and the same name: kept.
    const same = await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, {
      cookie: f.cookie,
      body: { ...body(2), name: 'عمران خان', nameLatin: 'Imran Khan', relativeName: 'Salim Khan' },
    });
    expect(same.json<PrisonerDetails>().nameLatin).toBe('Imran Khan');
    // A new name and the old English letters: made again from the new name.
    const renamed = await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, {
      cookie: f.cookie,
      body: { ...body(3), name: 'रमेश कुमार', nameLatin: 'Imran Khan' },
    });
    expect(renamed.json<PrisonerDetails>().nameLatin).toBe('Ramesh Kumar');
    const devanagari = await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, {
      cookie: f.cookie,
      body: { ...body(4), nameLatin: 'रमेश' },
    });
    expect(devanagari.statusCode).toBe(400);
    expect(devanagari.json()).toMatchObject({ error: { details: [{ path: 'nameLatin' }] } });
    const [after] = await t.db.select({ nameLatin: prisoners.nameLatin }).from(prisoners).where(eq(prisoners.id, f.prisonerId));
    expect(after!.nameLatin).toBe('Ramesh Kumar');
  });

  it('refuses a stale version (409), a prisoner the member does not follow (404), and a bad body (400), changing nothing', async () => {
    const f = await family();
    const other = await family();
    expect((await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, { cookie: f.cookie, body: body(0) })).statusCode).toBe(200);
    const stale = await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, { cookie: f.cookie, body: { ...body(0), name: 'Late' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'stale_edit' } });
    const theirs = await t.request('PUT', `/api/family/prisoners/${other.prisonerId}`, { cookie: f.cookie, body: body(0) });
    expect(theirs.statusCode).toBe(404);
    const lawyer = (await createLawyer(t.db)).user;
    expect([403, 404]).toContain(
      (await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, { cookie: await sessionCookie(t.db, lawyer.id), body: body(1) }))
        .statusCode,
    );
    expect(
      (await t.request('PUT', `/api/family/prisoners/${f.prisonerId}`, { cookie: f.cookie, body: { ...body(1), name: ' ' } })).statusCode,
    ).toBe(400);
    const [p] = await t.db.select().from(prisoners).where(eq(prisoners.id, other.prisonerId));
    expect(p!.name).not.toBe('Ramesh Kumar');
    const [mine] = await t.db.select().from(prisoners).where(eq(prisoners.id, f.prisonerId));
    expect(mine).toMatchObject({ name: 'Ramesh Kumar', version: 1 });
  });
});

describe('the nominee', () => {
  it('is checked: a name, a relation, and an email or a phone that are valid', async () => {
    const f = await family();
    const bad = [
      {},
      { name: '', relation: 'sister', phone: '9876501234' },
      { name: 'Rekha', relation: '', phone: '9876501234' },
      { name: 'Rekha', relation: 'sister' },
      { name: 'Rekha', relation: 'sister', email: '', phone: '' },
      { name: 'Rekha', relation: 'sister', email: 'not-an-email' },
      { name: 'Rekha', relation: 'sister', phone: '12345' },
      { name: 'Rekha', relation: 'sister', phone: '9876501234', extra: 1 },
      { name: 'R'.repeat(161), relation: 'sister', phone: '9876501234' },
    ];
    for (const body of bad) {
      const res = await t.request('PUT', '/api/family/nominee', { cookie: f.cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('GET', '/api/family/nominee', { cookie: f.cookie })).json()).toEqual({ nominee: null });
  });

  it('is stored, edited, shown in the export and removed', async () => {
    const f = await family();
    const saved = await t.request('PUT', '/api/family/nominee', {
      cookie: f.cookie,
      body: { name: 'Rekha Devi', relation: 'sister', phone: '098765 01234' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ nominee: { name: 'Rekha Devi', relation: 'sister', phone: '+919876501234', email: null } });
    const edited = await t.request('PUT', '/api/family/nominee', {
      cookie: f.cookie,
      body: { name: 'Rekha Devi', relation: 'sister', email: 'Rekha@Example.org' },
    });
    expect(edited.json()).toMatchObject({ nominee: { email: 'rekha@example.org', phone: null } });
    expect((await exportOf(f.cookie)).nominee).toMatchObject({ name: 'Rekha Devi', email: 'rekha@example.org' });
    expect((await t.request('DELETE', '/api/family/nominee', { cookie: f.cookie })).json()).toEqual({ nominee: null });
    expect((await exportOf(f.cookie)).nominee).toBeNull();
  });

  it('is for a registered family member only', async () => {
    const unregistered = await createUser(t.db, { role: 'Family-Member' });
    const res = await t.request('PUT', '/api/family/nominee', {
      cookie: await sessionCookie(t.db, unregistered.id),
      body: { name: 'Rekha', relation: 'sister', phone: '9876501234' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'not_registered' } });
  });
});

describe('erasure is refused while a proceeding is pending', () => {
  const erase = (cookie: string, password = TEST_PASSWORD) =>
    t.request('POST', '/api/family/erasure', { cookie, body: { password, confirm: ERASE_CONFIRM } });
  const check = async (cookie: string) => (await t.request('GET', '/api/family/erasure', { cookie })).json<ErasureCheck>();

  it('the only relative of a prisoner in custody: refused with the reason, nothing changes', async () => {
    const f = await family('Gita Bai');
    expect(await check(f.cookie)).toEqual({
      allowed: false,
      refusals: [{ reason: 'pending_proceeding', prisonerId: f.prisonerId, prisonerName: '', because: 'in-custody' }],
    });
    const res = await erase(f.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { code: 'conflict', details: [{ path: `prisoner:${f.prisonerId}`, message: 'pending_proceeding: in-custody' }] },
    });
    expect(await t.db.select().from(users).where(eq(users.id, f.user.id))).toHaveLength(1);
    expect((await t.request('GET', '/api/family/cases', { cookie: f.cookie })).statusCode).toBe(200);
  });

  it('bail granted but not released, out on bail, and a hearing ahead each refuse; released with nothing pending is allowed', async () => {
    const f = await family();
    await t.db.update(prisoners).set({ status: 'bailed-not-released' }).where(eq(prisoners.id, f.prisonerId));
    expect((await check(f.cookie)).refusals[0]!.because).toBe('bailed-not-released');
    await release(f.prisonerId);
    expect(await check(f.cookie)).toEqual({ allowed: true, refusals: [] });
    await t.db.update(cases).set({ bailGrantedOn: '2026-01-10', releasedOn: '2026-01-12' }).where(eq(cases.id, f.cases[0]!.id));
    expect((await check(f.cookie)).refusals[0]!.because).toBe('on-bail');
    await t.db.update(cases).set({ bailGrantedOn: null, releasedOn: null }).where(eq(cases.id, f.cases[0]!.id));
    await t.db.insert(hearings).values({ caseId: f.cases[0]!.id, hearingOn: '2099-01-01', court: 'Saket', purpose: 'evidence' });
    expect((await check(f.cookie)).refusals[0]!.because).toBe('hearing-ahead');
    expect((await erase(f.cookie)).statusCode).toBe(409);
  });

  it('a case the court decided is no longer pending: allowed even while the person is in custody', async () => {
    const f = await family('Sushila Devi');
    expect((await check(f.cookie)).refusals[0]!.because).toBe('in-custody');
    const decided = await t.request('POST', `/api/cases/${f.cases[0]!.id}/disposal`, {
      cookie: f.cookie,
      body: { disposedOn: '2026-02-01', disposal: 'convicted' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await check(f.cookie)).toEqual({ allowed: true, refusals: [] });
  });

  it('another relative follows the prisoner: allowed, and the cases pass to that relative', async () => {
    const f = await family('Meena Devi', '9812300001');
    const relative = await family('Raju Singh');
    await t.db.insert(prisonerFollowers).values({ prisonerId: f.prisonerId, familyMemberId: relative.user.id, relation: 'brother' });
    expect(await check(f.cookie)).toEqual({ allowed: true, refusals: [] });
    expect((await erase(f.cookie)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(cases).where(eq(cases.id, f.cases[0]!.id));
    expect(kept).toMatchObject({ familyMemberId: relative.user.id, prisonerId: f.prisonerId, prisonerRelation: null });
    expect(await t.db.select().from(prisoners).where(eq(prisoners.id, f.prisonerId))).toHaveLength(1);
    expect((await exportOf(relative.cookie)).prisoners[0]!.followers.map((x) => x.name)).toEqual(['Raju Singh']);
  });

  it("gives the member's NGO seat back: the NGO keeps the capacity it set", async () => {
    const f = await family('Kamla Devi', '9812300002');
    await release(f.prisonerId);
    const ngo = await createNgo(t.db, { seatsFree: 2 });
    const seats = async () =>
      (await t.db.select({ free: ngos.seatsFree, assigned: ngos.assignedCount }).from(ngos).where(eq(ngos.id, ngo.id)))[0];
    const jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
    const assigned = await t.request('POST', `/api/jail/members/${f.user.id}/ngo`, { cookie: jail, body: { ngoId: ngo.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await seats()).toEqual({ free: 1, assigned: 1 });
    expect((await erase(f.cookie)).statusCode).toBe(200);
    expect(await seats()).toEqual({ free: 2, assigned: 0 });
  });

  it('a wrong password or a missing confirmation erases nothing', async () => {
    const f = await family();
    await release(f.prisonerId);
    const wrong = await erase(f.cookie, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'wrong_password' } });
    expect((await t.request('POST', '/api/family/erasure', { cookie: f.cookie, body: { password: TEST_PASSWORD } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/family/erasure', { cookie: f.cookie, body: {} })).statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, f.user.id))).toHaveLength(1);
  });
});

describe('erasure leaves no personal data', () => {
  /** Every row of every table in the schema, every column as text: which hold any of the needles. */
  async function findAnywhere(needles: string[]): Promise<string[]> {
    const { rows: columns } = (await t.db.execute(sql`select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`)) as Rows<{
      table: string;
      column: string;
    }>;
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    const lowered = `{${needles.map((n) => `"${n.toLowerCase().replace(/"/g, '\\"')}"`).join(',')}}`;
    for (const { table, column } of columns) {
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} x
          where exists (select 1 from unnest(${lowered}::text[]) n where strpos(lower(x.${sql.identifier(column)}::text), n) > 0)`,
      )) as Rows<{ n: number }>;
      if (rows[0]!.n > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  it('removes the name, email, phone, address and case facts from every column of every table, the stored file and the session', async () => {
    const name = 'Parvati Zorawar';
    const email = 'parvati.zorawar@example.org';
    const f = await createFamilyMember(t.db, {
      name,
      email,
      phone: '+919812377771',
      address: 'House 42, Qutbuddin Gali, Sitapur',
      cases: [{ caseNumber: 'SC-ZQ-7731/2025', detail: 'Held for a quarrel over the Zorawar well' }],
    });
    const cookie = await sessionCookie(t.db, f.user.id);
    const caseId = f.cases[0]!.id;
    const prisonerId = f.cases[0]!.prisonerId;
    await t.db
      .update(cases)
      .set({
        firNumber: 'FIR-ZQ-0919',
        policeStation: 'Kotwali Zorawarpur',
        courtCaseNumber: 'CC-ZQ-5521',
        prisonerName: 'Bhola Zorawar',
        prisonerRelation: 'husband',
      })
      .where(eq(cases.id, caseId));
    expect(
      (
        await t.request('PUT', `/api/family/prisoners/${prisonerId}`, {
          cookie,
          body: {
            name: 'Bhola Zorawar',
            relativeName: 'Hari Zorawar',
            gender: 'male',
            birthYear: 1985,
            prisonerNumber: 'UT-ZQ-88',
            version: 0,
          },
        })
      ).statusCode,
    ).toBe(200);
    // A lawyer requested (an email to the lawyer names her), a paper uploaded, a nominee, a message to the team.
    const { user: lawyer } = await createLawyer(t.db, { name: 'Adv. Kiran Rao' });
    expect((await t.request('POST', '/api/family/requests', { cookie, body: { lawyerId: lawyer.id } })).statusCode).toBe(201);
    const upload = multipartBody('zorawar-bail.pdf', 'application/pdf', minimalPdf());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/family/documents',
      headers: { 'sec-fetch-site': 'same-origin', cookie, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const docId = uploaded.json<{ id: string }>().id;
    expect(
      (
        await t.request('PUT', '/api/family/nominee', {
          cookie,
          body: { name: 'Kusum Zorawar', relation: 'daughter', email: 'kusum.zorawar@example.org' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/contact', { cookie, body: { name, email, message: 'Please help with the Zorawar case' } })).statusCode,
    ).toBeLessThan(300);
    await exportOf(cookie);
    await release(prisonerId);

    const needles = [
      name,
      email,
      '9812377771',
      'Qutbuddin Gali',
      'SC-ZQ-7731',
      'Zorawar well',
      'FIR-ZQ-0919',
      'Zorawarpur',
      'CC-ZQ-5521',
      'Bhola Zorawar',
      'Hari Zorawar',
      'UT-ZQ-88',
      'Kusum Zorawar',
      'zorawar-bail',
    ];
    // The needles are there before, so the search can find them.
    const before = await findAnywhere(needles);
    expect(before).toEqual(
      expect.arrayContaining([
        'users.name',
        'users.email',
        'family_members.phone',
        'family_members.address',
        'cases.case_number',
        'prisoners.name',
        'email_outbox.text',
        'documents.filename',
      ]),
    );
    if (t.papersDir) expect(fs.existsSync(path.join(t.papersDir, docId))).toBe(true);

    const res = await t.request('POST', '/api/family/erasure', { cookie, body: { password: TEST_PASSWORD, confirm: ERASE_CONFIRM } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/rihaai_session=;/);

    expect(await findAnywhere(needles)).toEqual([]);
    if (t.papersDir) expect(fs.existsSync(path.join(t.papersDir, docId))).toBe(false);
    // Signed out: the session is gone.
    expect((await t.request('GET', '/api/family/cases', { cookie })).statusCode).toBe(401);
    // The pseudonymous tombstone: the log keeps the id, which now names nobody.
    const tomb = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, f.user.id), eq(accessLog.what, 'member.erased')));
    expect(tomb).toEqual([expect.objectContaining({ action: 'change', memberId: f.user.id, prisonerId })]);
    expect(await t.db.select().from(accessLog).where(eq(accessLog.actorId, f.user.id))).not.toHaveLength(0);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.subject, f.user.id));
    expect(audit.map((a) => a.action)).toContain('account.erased');
    expect(audit.every((a) => a.details === null)).toBe(true);
  });
});
