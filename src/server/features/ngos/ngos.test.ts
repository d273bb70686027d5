import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { NgoSchema, type Ngo, type NgoList, type NgoMembersPage } from '#shared/ngos.ts';
import { auditEvents, ngoAssignments, ngos, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createNgo, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();
let jail: string;
beforeAll(async () => {
  jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
});

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Nayi Disha Foundation',
  address: 'Andheri East, Mumbai 400069',
  contactInfo: '022-40000002',
  report: 'De-addiction programme and family counselling.',
  seatsTotal: 5,
  ...over,
});

async function list(query = '') {
  const res = await t.request('GET', `/api/ngos${query}`, { cookie: jail });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NgoList>().items;
}

async function assign(memberId: string, ngoId: string) {
  const res = await t.request('POST', `/api/jail/members/${memberId}/ngo`, { cookie: jail, body: { ngoId } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('NGO management', () => {
  it('adds an NGO: 201, listed with its seats and no one assigned, audited', async () => {
    const res = await t.request('POST', '/api/ngos', { cookie: jail, body: valid({ name: '  Aasra Trust  ' }) });
    expect(res.statusCode, res.body).toBe(201);
    const ngo = res.json<Ngo>();
    expect(ngo).toMatchObject({ ...valid({ name: 'Aasra Trust' }), seatsFree: 5, version: 0, assignedCount: 0 });
    expect((await list()).find((n) => n.id === ngo.id)).toEqual(ngo);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.subject, ngo.id));
    expect(events.map((e) => e.action)).toEqual(['ngo.created']);
  });

  it('accepts an NGO without a report and with 0 seats', async () => {
    const { report: _report, ...rest } = valid();
    const res = await t.request('POST', '/api/ngos', { cookie: jail, body: { ...rest, seatsTotal: 0 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ report: '', seatsFree: 0, seatsTotal: 0 });
  });

  it('refuses bad input with 400 and the field, and writes nothing', async () => {
    const before = (await list()).length;
    const cases: [Record<string, unknown>, string, string?][] = [
      [valid({ seatsTotal: -1 }), 'seatsTotal', 'Total seats must be a whole number of 0 or more.'],
      [valid({ seatsTotal: 1.5 }), 'seatsTotal', 'Total seats must be a whole number of 0 or more.'],
      [valid({ seatsTotal: '3' }), 'seatsTotal', 'Total seats must be a whole number of 0 or more.'],
      [valid({ seatsTotal: null }), 'seatsTotal'],
      [valid({ seatsTotal: 100_001 }), 'seatsTotal'],
      [{ ...valid(), seatsTotal: undefined, seatsFree: 5 }, 'seatsTotal'],
      [valid({ name: '   ' }), 'name', 'Name is required.'],
      [valid({ address: '' }), 'address', 'Address is required.'],
      [valid({ contactInfo: undefined }), 'contactInfo'],
      [valid({ name: 'x'.repeat(121) }), 'name'],
      [valid({ report: 'x'.repeat(2001) }), 'report'],
      [valid({ id: '00000000-0000-4000-8000-000000000000' }), ''],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.request('POST', '/api/ngos', { cookie: jail, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const detail = res.json().error.details[0];
      expect(detail.path, JSON.stringify(body)).toBe(path);
      if (message) expect(detail.message).toBe(message);
    }
    expect(await list()).toHaveLength(before);
  });

  it('edits name, address, contact, report and total seats; 404 for an unknown NGO; the same validation', async () => {
    const ngo = await createNgo(t.db, { seatsFree: 2 });
    const body = valid({ name: 'Renamed', seatsTotal: 9, report: 'New report' });
    const res = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: { ...body, version: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: ngo.id, ...body, seatsFree: 9, version: 1, assignedCount: 0, state: null, district: null });
    const [row] = await t.db.select().from(ngos).where(eq(ngos.id, ngo.id));
    expect(row).toMatchObject({ name: 'Renamed', seatsFree: 9, version: 1 });

    const bad = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid({ seatsTotal: -3, version: 1 }) });
    expect(bad.statusCode).toBe(400);
    const noVersion = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid() });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.details[0].path).toBe('version');
    expect((await t.db.select().from(ngos).where(eq(ngos.id, ngo.id)))[0]!.seatsFree).toBe(9);
    const missing = await t.request('PUT', '/api/ngos/00000000-0000-4000-8000-000000000000', {
      cookie: jail,
      body: valid({ version: 0 }),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found', message: 'No such NGO.' } });
    expect((await t.request('PUT', '/api/ngos/nope', { cookie: jail, body: valid({ version: 0 }) })).statusCode).toBe(400);
  });

  it('a form loaded before assignments never overbooks; free seats = capacity − assigned', async () => {
    // The probe: load the form (3 seats), assign 3 members meanwhile, save the form as loaded.
    const ngo = await createNgo(t.db, { seatsFree: 3 });
    const loaded = (await list()).find((n) => n.id === ngo.id)!;
    expect(loaded).toMatchObject({ seatsFree: 3, seatsTotal: 3, version: 0 });
    for (let i = 0; i < 3; i++) await assign((await createFamilyMember(t.db)).user.id, ngo.id);
    const res = await t.request('PUT', `/api/ngos/${ngo.id}`, {
      cookie: jail,
      body: valid({ name: 'Renamed meanwhile', seatsTotal: loaded.seatsTotal, version: loaded.version }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Still 3 seats in all, all 3 taken: nobody else can be assigned.
    expect(res.json()).toMatchObject({ seatsTotal: 3, seatsFree: 0, assignedCount: 3 });
    const member = (await createFamilyMember(t.db)).user.id;
    const full = await t.request('POST', `/api/jail/members/${member}/ngo`, { cookie: jail, body: { ngoId: ngo.id } });
    expect(full.statusCode).toBe(409);

    // Growing the capacity frees exactly the new seats.
    const grown = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid({ seatsTotal: 5, version: 1 }) });
    expect(grown.json()).toMatchObject({ seatsTotal: 5, seatsFree: 2, assignedCount: 3, version: 2 });
  });

  it('a stale form (another edit since it was loaded) gets 409 ngo_changed and writes nothing', async () => {
    const ngo = await createNgo(t.db, { name: 'Stale Test', seatsFree: 4 });
    const first = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid({ name: 'First edit', version: 0 }) });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid({ name: 'Stale edit', version: 0 }) });
    expect(stale.statusCode).toBe(409);
    // The answer carries the NGO as saved now, so the form can show the other side's change.
    expect(stale.json()).toEqual({
      error: {
        code: 'ngo_changed',
        message: 'Someone else changed this NGO while you were editing it. Reload to see their changes, then try again.',
        current: { ...valid({ name: 'First edit' }), id: ngo.id, seatsFree: 5, version: 1, assignedCount: 0, state: null, district: null },
      },
    });
    expect(NgoSchema.parse(stale.json().error.current).name).toBe('First edit');
    expect((await t.db.select().from(ngos).where(eq(ngos.id, ngo.id)))[0]).toMatchObject({ name: 'First edit', version: 1 });
  });

  it('refuses a capacity below the members already assigned with 409 seats_below_assigned', async () => {
    const ngo = await createNgo(t.db, { seatsFree: 3 });
    for (let i = 0; i < 2; i++) await assign((await createFamilyMember(t.db)).user.id, ngo.id);
    const res = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid({ seatsTotal: 1, version: 0 }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('seats_below_assigned');
    expect((await t.db.select().from(ngos).where(eq(ngos.id, ngo.id)))[0]!.seatsFree).toBe(1);
    const exact = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid({ seatsTotal: 2, version: 0 }) });
    expect(exact.json()).toMatchObject({ seatsTotal: 2, seatsFree: 0, assignedCount: 2 });
  });

  it('edits racing assignments never overbook (capacity edits and 20 assignments at once)', async () => {
    const ngo = await createNgo(t.db, { seatsFree: 10 });
    const members = await Promise.all(Array.from({ length: 20 }, () => createFamilyMember(t.db)));
    const results = await Promise.all([
      ...members.map((m) => t.request('POST', `/api/jail/members/${m.user.id}/ngo`, { cookie: jail, body: { ngoId: ngo.id } })),
      t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: valid({ seatsTotal: 12, version: 0 }) }),
    ]);
    const edit = results.at(-1)!;
    expect(edit.statusCode, edit.body).toBe(200);
    const assigned = results.slice(0, -1).filter((r) => r.statusCode === 200).length;
    const [row] = await t.db.select().from(ngos).where(eq(ngos.id, ngo.id));
    const after = (await list()).find((n) => n.id === ngo.id)!;
    expect(after.assignedCount).toBe(assigned);
    expect(after.seatsTotal).toBe(12);
    expect(row!.seatsFree).toBe(12 - assigned);
    expect(assigned).toBeLessThanOrEqual(12);
  });

  it("lists only NGOs with a free seat for 'Select NGO' (available=true), all of them otherwise, by name", async () => {
    const full = await createNgo(t.db, { name: 'ZZ Full', seatsFree: 0 });
    const open = await createNgo(t.db, { name: 'ZZ Open', seatsFree: 1 });
    const all = await list();
    expect(all.map((n) => n.id)).toEqual(expect.arrayContaining([full.id, open.id]));
    expect(all.map((n) => n.name)).toEqual([...all.map((n) => n.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const available = await list('?available=true');
    expect(available.map((n) => n.id)).toContain(open.id);
    expect(available.map((n) => n.id)).not.toContain(full.id);
    expect(available.every((n) => n.seatsFree > 0)).toBe(true);
    expect((await t.request('GET', '/api/ngos?available=yes', { cookie: jail })).statusCode).toBe(400);
  });

  it('shows who is assigned to each NGO, newest first, and counts them in the list in one statement', async () => {
    const ngo = await createNgo(t.db, { seatsFree: 30 });
    const names: string[] = [];
    for (let i = 0; i < 27; i++) {
      const { user } = await createFamilyMember(t.db, { name: `Assigned ${String(i).padStart(2, '0')}` });
      await assign(user.id, ngo.id);
      names.push(user.name);
    }
    const { count, result } = await t.countQueries(() => list());
    expect(result.find((n) => n.id === ngo.id)).toMatchObject({ assignedCount: 27, seatsFree: 3 });
    expect(count).toBe(2); // the session and the list
    const p1 = await t.request('GET', `/api/ngos/${ngo.id}/members`, { cookie: jail });
    expect(p1.statusCode, p1.body).toBe(200);
    const page1 = p1.json<NgoMembersPage>();
    expect(page1).toMatchObject({ ngo: { id: ngo.id, assignedCount: 27 }, total: 27 });
    expect(page1.items).toHaveLength(25);
    expect(page1.items[0]).toMatchObject({ name: 'Assigned 26', phone: '9876543210' });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await t.request('GET', `/api/ngos/${ngo.id}/members?after=${encodeURIComponent(page1.nextCursor!)}`, { cookie: jail })
    ).json<NgoMembersPage>();
    expect(page2).toMatchObject({ total: 27, nextCursor: null });
    expect([...page1.items, ...page2.items].map((m) => m.name).sort()).toEqual(names.sort());
    expect((await t.request('GET', '/api/ngos/00000000-0000-4000-8000-000000000000/members', { cookie: jail })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/ngos/${ngo.id}/members?page=2`, { cookie: jail })).statusCode).toBe(400);
    const forged = await t.request('GET', `/api/ngos/${ngo.id}/members?after=not-a-cursor`, { cookie: jail });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'validation', details: [{ path: 'after' }] } });
  });

  it('refuses every NGO route to the other roles (403) and anonymously (401)', async () => {
    const ngo = await createNgo(t.db, { seatsFree: 4 });
    const family = (await createFamilyMember(t.db)).user.id;
    const lawyer = (await createLawyer(t.db)).user.id;
    const routes: [string, string, unknown][] = [
      ['GET', '/api/ngos', undefined],
      ['POST', '/api/ngos', valid()],
      ['PUT', `/api/ngos/${ngo.id}`, valid({ seatsTotal: 99, version: 0 })],
      ['GET', `/api/ngos/${ngo.id}/members`, undefined],
    ];
    const before = (await list()).length;
    for (const [method, url, body] of routes) {
      expect((await t.request(method, url, { body })).statusCode, `anonymous ${method} ${url}`).toBe(401);
      for (const id of [family, lawyer]) {
        const res = await t.request(method, url, { cookie: await sessionCookie(t.db, id), body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await list()).toHaveLength(before);
    expect((await t.db.select().from(ngos).where(eq(ngos.id, ngo.id)))[0]!.seatsFree).toBe(4);
  });
});

describe('the assigned count kept on the NGO row (drizzle/0015_ngo_assigned_count.sql)', () => {
  /** Each NGO's kept count beside a count of its assignments. */
  async function keptAndCounted(ids: string[]): Promise<{ id: string; kept: number; counted: number }[]> {
    const res = (await t.db.execute(
      sql`select g.id, g.assigned_count as kept, (select count(*)::int from ngo_assignments a where a.ngo_id = g.id) as counted
        from ngos g where g.id in ${ids} order by g.id`,
    )) as { rows: { id: string; kept: number; counted: number }[] };
    return res.rows;
  }

  it('follows assignments made by the app, in bulk, moved, and removed with a deleted member', async () => {
    const a = await createNgo(t.db, { seatsFree: 10 });
    const b = await createNgo(t.db, { seatsFree: 10 });
    const members = await Promise.all([0, 1, 2, 3].map(() => createFamilyMember(t.db)));
    await assign(members[0]!.user.id, a.id);
    await assign(members[1]!.user.id, a.id);
    // Several in one statement, as the bench seeds and data is imported.
    await t.db.insert(ngoAssignments).values([
      { familyMemberId: members[2]!.user.id, ngoId: b.id },
      { familyMemberId: members[3]!.user.id, ngoId: b.id },
    ]);
    expect((await keptAndCounted([a.id, b.id])).map((r) => [r.kept, r.counted])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    await t.db.update(ngoAssignments).set({ ngoId: a.id }).where(eq(ngoAssignments.familyMemberId, members[3]!.user.id));
    await t.db.delete(users).where(eq(users.id, members[0]!.user.id));
    for (const r of await keptAndCounted([a.id, b.id])) expect(r.kept, r.id).toBe(r.counted);
    const listed = await list();
    expect(listed.find((n) => n.id === a.id)).toMatchObject({ assignedCount: 2 });
    expect(listed.find((n) => n.id === b.id)).toMatchObject({ assignedCount: 1 });
  });

  it('an edit of the capacity counts the members the kept count holds', async () => {
    const created = (
      await t.request('POST', '/api/ngos', { cookie: jail, body: valid({ name: 'Kept Count Trust', seatsTotal: 3 }) })
    ).json<Ngo>();
    const [m1, m2] = await Promise.all([createFamilyMember(t.db), createFamilyMember(t.db)]);
    await assign(m1.user.id, created.id);
    await assign(m2.user.id, created.id);
    const tooFew = await t.request('PUT', `/api/ngos/${created.id}`, {
      cookie: jail,
      body: { ...valid({ name: 'Kept Count Trust', seatsTotal: 1 }), version: 0 },
    });
    expect(tooFew.statusCode, tooFew.body).toBe(409);
    const ok = await t.request('PUT', `/api/ngos/${created.id}`, {
      cookie: jail,
      body: { ...valid({ name: 'Kept Count Trust', seatsTotal: 4 }), version: 0 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ seatsTotal: 4, seatsFree: 2, assignedCount: 2 });
  });
});
