import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MEMBERS_COUNT_CAP, MembersPageSchema, type JailMember, type MembersPage } from '#shared/jail.ts';
import {
  auditEvents,
  bailReviews,
  cases as casesTable,
  emailOutbox,
  familyMembers,
  ngoAssignments,
  ngos,
  users,
} from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';
import { deliverDueEmails } from '#server/lib/outbox.ts';
import { useTestApp } from '#tests/test-app.ts';
import {
  createBailReview,
  createDocument,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  createNgo,
  createNgoAssignment,
  sessionCookie,
} from '#tests/factories.ts';

// Bail-Accept emails go out at once here; bail-undo.test.ts covers the hold.
const t = useTestApp({ BAIL_EMAIL_HOLD_SECONDS: '0' });
let jail: string;
beforeAll(async () => {
  jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
});

const quiet = { warn: () => {}, error: () => {} };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A prefix that makes this test's members findable by search, whatever else the file created. */
const tag = () => `zq${randomBytes(4).toString('hex')}`;

async function addBailPaper(db: Db, familyMemberId: string, uploadedBy: string, createdAt = new Date()) {
  const row = await createDocument(db, { familyMemberId, uploadedBy, filename: `bail-${createdAt.getTime()}.pdf`, bytes: PDF, createdAt });
  return row.id;
}

async function acceptedRequest(db: Db, familyMemberId: string, lawyerId: string, decidedAt = new Date()) {
  await createLawyerRequest(db, { familyMemberId, lawyerId, status: 'accepted', createdAt: decidedAt, decidedAt });
}

async function members(query: string, cookie = jail) {
  const res = await t.request('GET', `/api/jail/members?${query}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  // The body is passed through as the database built it (docs/decisions/0021-stored-member-cards.md):
  // it must be exactly what the response schema's serialiser would have written.
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.body).toBe(JSON.stringify(MembersPageSchema.parse(JSON.parse(res.body))));
  return res.json<MembersPage>();
}

async function memberRow(name: string): Promise<JailMember> {
  const page = await members(`q=${encodeURIComponent(name)}`);
  const row = page.items.find((m) => m.name === name);
  expect(row, name).toBeDefined();
  return row!;
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('GET /api/jail/members (the dashboard)', () => {
  it('shows name, address, email, phone, case ids, lawyers (first accepted first), NGO, papers newest first and bail status', async () => {
    const name = `${tag()} Ravi Kumar`;
    const { user, cases } = await createFamilyMember(t.db, {
      name,
      phone: '9000000001',
      address: '22 Jail Road, Delhi',
      cases: [
        { caseNumber: 'FIR-1/2024', caseType: 'Criminal Defense Lawyer' },
        { caseNumber: 'FIR-2/2024', caseType: 'Constitutional Lawyer' },
      ],
    });
    const second = await createLawyer(t.db, { name: 'Adv. Second' });
    const first = await createLawyer(t.db, { name: 'Adv. First' });
    const pending = await createLawyer(t.db, { name: 'Adv. Pending' });
    await acceptedRequest(t.db, user.id, second.user.id, minutesAgo(10));
    await acceptedRequest(t.db, user.id, first.user.id, minutesAgo(30));
    await createLawyerRequest(t.db, { familyMemberId: user.id, lawyerId: pending.user.id });
    const ngo = await createNgo(t.db, { name: `${tag()} Aasra`, seatsFree: 4 });
    await createNgoAssignment(t.db, { familyMemberId: user.id, ngoId: ngo.id });
    const familyPaper = await addBailPaper(t.db, user.id, user.id, minutesAgo(40));
    const firstLawyerPaper = await addBailPaper(t.db, user.id, first.user.id, minutesAgo(20));
    const laterLawyerPaper = await addBailPaper(t.db, user.id, second.user.id, minutesAgo(5));
    // The court, recorded later: a case's change reaches the stored card whichever column it is.
    await t.db.update(casesTable).set({ court: 'District Court, Saket' }).where(eq(casesTable.id, cases[0]!.id));

    const row = await memberRow(name);
    expect(row).toMatchObject({
      id: user.id,
      name,
      email: user.email,
      phone: '9000000001',
      address: '22 Jail Road, Delhi',
      cases: [
        { id: cases[0]!.id, caseNumber: 'FIR-1/2024', caseType: 'Criminal Defense Lawyer', court: 'District Court, Saket' },
        { id: cases[1]!.id, caseNumber: 'FIR-2/2024', caseType: 'Constitutional Lawyer', court: null },
      ],
      lawyers: [
        { id: first.user.id, name: 'Adv. First' },
        { id: second.user.id, name: 'Adv. Second' },
      ],
      ngo: { id: ngo.id, name: ngo.name, address: ngo.address, contactInfo: ngo.contactInfo, report: ngo.report },
      firstLawyerPaperId: firstLawyerPaper,
      bailReview: null,
      stage: 'bail-paper-waiting',
    });
    expect(row.documents.map((d) => d.id)).toEqual([laterLawyerPaper, firstLawyerPaper, familyPaper]);
    expect(row.documents[0]).toMatchObject({
      url: `/api/documents/${laterLawyerPaper}`,
      contentType: 'application/pdf',
      uploadedBy: { id: second.user.id, name: 'Adv. Second', role: 'Lawyer' },
    });
    // The link opens for the jail authority.
    const file = await t.request('GET', row.documents[0]!.url, { cookie: jail });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it("'No lawyer assigned': pending and rejected requests give an empty lawyer list", async () => {
    const name = `${tag()} Meena`;
    const { user } = await createFamilyMember(t.db, { name });
    const a = await createLawyer(t.db);
    const b = await createLawyer(t.db);
    for (const row of [
      { familyMemberId: user.id, lawyerId: a.user.id },
      { familyMemberId: user.id, lawyerId: b.user.id, status: 'rejected', decidedAt: new Date() },
    ])
      await createLawyerRequest(t.db, row);
    const row = await memberRow(name);
    expect(row.lawyers).toEqual([]);
    expect(row.ngo).toBeNull();
    expect(row.documents).toEqual([]);
    expect(row.firstLawyerPaperId).toBeNull();
    expect(row.stage).toBe('lawyer-requested');
  });

  it("'Unknown Lawyer': an accepted lawyer whose account is missing is listed without a name", async () => {
    // With the foreign keys a missing account cannot happen through the app; it can in data
    // imported from the old document store (dangling lawyer ids), replayed here with the
    // constraint triggers switched off for one transaction.
    const name = `${tag()} Imported`;
    const { user } = await createFamilyMember(t.db, { name });
    const gone = await createLawyer(t.db, { name: 'Adv. Gone' });
    const kept = await createLawyer(t.db, { name: 'Adv. Kept' });
    await acceptedRequest(t.db, user.id, gone.user.id, minutesAgo(20));
    await acceptedRequest(t.db, user.id, kept.user.id, minutesAgo(10));
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(users).where(eq(users.id, gone.user.id));
    });
    const row = await memberRow(name);
    expect(row.lawyers).toEqual([
      { id: gone.user.id, name: null },
      { id: kept.user.id, name: 'Adv. Kept' },
    ]);
  });

  it("a deleted lawyer account takes its requests with it (cascade): the member shows 'No lawyer assigned'", async () => {
    const name = `${tag()} Cascade`;
    const { user } = await createFamilyMember(t.db, { name });
    const lawyer = await createLawyer(t.db);
    await acceptedRequest(t.db, user.id, lawyer.user.id);
    expect((await memberRow(name)).lawyers).toHaveLength(1);
    await t.db.delete(users).where(eq(users.id, lawyer.user.id));
    expect((await memberRow(name)).lawyers).toEqual([]);
  });

  it('paginates on the server: 25 to 50 a page, pages do not overlap, total counts the matches', async () => {
    const prefix = tag();
    for (let i = 0; i < 30; i++) await createFamilyMember(t.db, { name: `${prefix} m${String(i).padStart(2, '0')}` });
    const p1 = await members(`q=${prefix}&pageSize=25&page=1`);
    const p2 = await members(`q=${prefix}&pageSize=25&page=2`);
    expect(p1).toMatchObject({ page: 1, pageSize: 25, total: 30 });
    expect(p1.items).toHaveLength(25);
    expect(p2.items).toHaveLength(5);
    expect(p1.items[0]!.name).toBe(`${prefix} m00`);
    expect(p2.items.at(-1)!.name).toBe(`${prefix} m29`);
    const ids = new Set([...p1.items, ...p2.items].map((m) => m.id));
    expect(ids.size).toBe(30);
    expect((await members(`q=${prefix}&pageSize=50`)).items).toHaveLength(30);
    expect((await members(`q=${prefix}&page=3`)).items).toEqual([]);
    expect((await members(`q=${prefix}`)).pageSize).toBe(25);
    for (const bad of ['pageSize=24', 'pageSize=51', 'page=0', 'page=x', 'filter=everything', 'sort=name', `q=${'a'.repeat(201)}`]) {
      const res = await t.request('GET', `/api/jail/members?${bad}`, { cookie: jail });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation' } });
    }
  });

  it('searches by name, email, phone or case id, case-insensitively, with % and _ taken literally', async () => {
    const prefix = tag();
    const { user } = await createFamilyMember(t.db, {
      name: `${prefix} Lakshmi Devi`,
      phone: '9123456789',
      cases: [{ caseNumber: `${prefix}-FIR_99%` }],
    });
    await createFamilyMember(t.db, { name: `${prefix} Other`, phone: '9000011111', cases: [{ caseNumber: `${prefix}-FIRX99` }] });
    const find = async (q: string) => (await members(`q=${encodeURIComponent(q)}`)).items.map((m) => m.id);
    expect(await find(`${prefix} lakshmi`)).toEqual([user.id]);
    expect(await find(user.email.toUpperCase())).toEqual([user.id]);
    expect(await find('9123456789')).toEqual([user.id]);
    // A phone number in any format finds the number as the app stores it (+91 and the digits) or as typed.
    for (const typed of ['+91 91234-56789', '091234 56789', '(912) 345', '+91-9123']) expect(await find(typed), typed).toEqual([user.id]);
    expect(await find(`${prefix}-fir_99%`)).toEqual([user.id]);
    expect(await find(`${prefix}-FIR_`)).toEqual([user.id]);
    expect(await find(`${prefix} nobody`)).toEqual([]);
  });

  it('filters: no lawyer yet, no NGO yet, bail paper waiting, bail accepted', async () => {
    const prefix = tag();
    const lawyer = await createLawyer(t.db);
    const ngo = await createNgo(t.db, { seatsFree: 10 });
    const make = async (label: string) => (await createFamilyMember(t.db, { name: `${prefix} ${label}` })).user.id;
    const bare = await make('bare');
    const withLawyer = await make('lawyer');
    await acceptedRequest(t.db, withLawyer, lawyer.user.id);
    const withNgo = await make('ngo');
    await createNgoAssignment(t.db, { familyMemberId: withNgo, ngoId: ngo.id });
    const waiting = await make('waiting');
    await acceptedRequest(t.db, waiting, lawyer.user.id);
    await addBailPaper(t.db, waiting, lawyer.user.id);
    const accepted = await make('accepted');
    await acceptedRequest(t.db, accepted, lawyer.user.id);
    await addBailPaper(t.db, accepted, lawyer.user.id);
    await createBailReview(t.db, { familyMemberId: accepted });

    const ids = async (filter: string) => new Set((await members(`q=${prefix}&filter=${filter}`)).items.map((m) => m.id));
    expect(await ids('no-lawyer')).toEqual(new Set([bare, withNgo]));
    expect(await ids('no-ngo')).toEqual(new Set([bare, withLawyer, waiting, accepted]));
    expect(await ids('bail-waiting')).toEqual(new Set([waiting]));
    expect(await ids('bail-accepted')).toEqual(new Set([accepted]));
    const all = await members(`q=${prefix}`);
    expect(all.total).toBe(5);
    expect(Object.fromEntries(all.items.map((m) => [m.id, m.stage]))).toEqual({
      [bare]: 'registered',
      [withLawyer]: 'lawyer-assigned',
      [withNgo]: 'registered',
      [waiting]: 'bail-paper-waiting',
      [accepted]: 'bail-accepted',
    });
    expect(all.items.find((m) => m.id === accepted)!.bailReview).toMatchObject({ status: 'Accepted' });
  });

  it('counts every member at the top and charts them by case type and by stage', async () => {
    const before = await members('');
    const lawyer = await createLawyer(t.db);
    const a = await createFamilyMember(t.db, {
      cases: [{ caseType: 'Corporate Lawyer' }, { caseType: 'Corporate Lawyer' }, { caseType: 'Environmental Lawyer' }],
    });
    const b = await createFamilyMember(t.db, { cases: [{ caseType: 'Corporate Lawyer' }] });
    await acceptedRequest(t.db, b.user.id, lawyer.user.id);
    await addBailPaper(t.db, b.user.id, lawyer.user.id);
    const after = await members('');
    expect(after.counts.all - before.counts.all).toBe(2);
    expect(after.counts.noLawyer - before.counts.noLawyer).toBe(1);
    expect(after.counts.noNgo - before.counts.noNgo).toBe(2);
    expect(after.counts.bailWaiting - before.counts.bailWaiting).toBe(1);
    expect(after.counts.bailAccepted - before.counts.bailAccepted).toBe(0);
    const type = (p: MembersPage, caseType: string) => p.chart.byCaseType.find((c) => c.caseType === caseType)?.members ?? -1;
    // A member with two cases of one type counts once for it.
    expect(type(after, 'Corporate Lawyer') - type(before, 'Corporate Lawyer')).toBe(2);
    expect(type(after, 'Environmental Lawyer') - type(before, 'Environmental Lawyer')).toBe(1);
    expect(after.chart.byCaseType).toHaveLength(9);
    const stage = (p: MembersPage, s: string) => p.chart.byStage.find((c) => c.stage === s)?.members ?? -1;
    expect(stage(after, 'registered') - stage(before, 'registered')).toBe(1);
    expect(stage(after, 'bail-paper-waiting') - stage(before, 'bail-paper-waiting')).toBe(1);
    expect(after.chart.byStage.reduce((n, s) => n + s.members, 0)).toBe(after.counts.all);
    expect(a.user.id).toBeDefined();
  });

  it('costs the same number of SQL statements for a page of 25 or 50, however much each row holds', async () => {
    const prefix = tag();
    const lawyers = [await createLawyer(t.db), await createLawyer(t.db)];
    const ngo = await createNgo(t.db, { seatsFree: 100 });
    for (let i = 0; i < 55; i++) {
      const { user } = await createFamilyMember(t.db, { name: `${prefix} n${String(i).padStart(2, '0')}`, cases: [{}, {}] });
      for (const l of lawyers) await acceptedRequest(t.db, user.id, l.user.id);
      await addBailPaper(t.db, user.id, lawyers[0]!.user.id);
      await addBailPaper(t.db, user.id, user.id);
      await createNgoAssignment(t.db, { familyMemberId: user.id, ngoId: ngo.id });
    }
    const run = (q: string) => t.countQueries(() => members(q));
    const small = await run(`q=${prefix}&pageSize=25`);
    const large = await run(`q=${prefix}&pageSize=50`);
    const filtered = await run(`q=${prefix}&pageSize=50&filter=bail-waiting`);
    expect(small.result.items).toHaveLength(25);
    expect(large.result.items).toHaveLength(50);
    expect(large.result.items.every((m) => m.lawyers.length === 2 && m.documents.length === 2 && m.cases.length === 2 && m.ngo)).toBe(true);
    expect(large.count).toBe(small.count);
    expect(filtered.count).toBe(small.count);
    expect(small.count).toBeLessThanOrEqual(10);
  });

  it('a search reads at most MEMBERS_COUNT_CAP + 1 matches of a field: more says so, and the pages walk what it read', async () => {
    const prefix = tag();
    const n = MEMBERS_COUNT_CAP + 5;
    const pad = (i: number) => String(i).padStart(3, '0');
    const made = await t.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          role: 'Family-Member' as const,
          name: `${prefix} cap ${pad(i)}`,
          email: `${prefix}-${pad(i)}@gmail.com`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await t.db.insert(familyMembers).values(made.map(({ id }, i) => ({ userId: id, phone: `97${pad(i)}00000`, address: 'Jail Road' })));

    // The names: the first cap + 1 in the index's order are read, and the page says there are more.
    const first = await members(`q=${encodeURIComponent(`${prefix} cap`)}&pageSize=50`);
    expect(first).toMatchObject({ total: MEMBERS_COUNT_CAP + 1, totalCapped: true });
    expect(first.items.map((m) => m.name)).toEqual(Array.from({ length: 50 }, (_, i) => `${prefix} cap ${pad(i)}`));
    const seen = first.items.map((m) => m.name);
    for (let page = first; page.nextCursor;) {
      page = await members(`q=${encodeURIComponent(`${prefix} cap`)}&pageSize=50&after=${page.nextCursor}`);
      seen.push(...page.items.map((m) => m.name));
    }
    expect(seen).toEqual(Array.from({ length: MEMBERS_COUNT_CAP + 1 }, (_, i) => `${prefix} cap ${pad(i)}`));
    // Name and email both match the tag: the same first members of each, counted once.
    expect(await members(`q=${prefix}`)).toMatchObject({ total: MEMBERS_COUNT_CAP + 1, totalCapped: true });
    // Fewer matches than a field's limit: counted exactly.
    expect(await members(`q=${encodeURIComponent(`${prefix} cap 1`)}`)).toMatchObject({ total: 100, totalCapped: false });
    expect(await members(`q=${encodeURIComponent(`${prefix} cap 1`)}&filter=no-lawyer`)).toMatchObject({ total: 100, totalCapped: false });
    expect(await members(`q=${encodeURIComponent(`${prefix} cap 1`)}&filter=bail-waiting`)).toMatchObject({ total: 0, items: [] });
  });

  it("answers an empty search with no items (the screen says 'No family member data available')", async () => {
    const page = await members(`q=${tag()}-nobody`);
    expect(page).toMatchObject({ items: [], total: 0, page: 1 });
  });
});

describe('POST /api/jail/members/:id/ngo (NGO assignment, SPEC §4)', () => {
  it('assigns an NGO with a free seat: one seat fewer, shown on the dashboard, audited', async () => {
    const name = `${tag()} Assign`;
    const { user } = await createFamilyMember(t.db, { name });
    const ngo = await createNgo(t.db, { seatsFree: 2 });
    const res = await t.request('POST', `/api/jail/members/${user.id}/ngo`, { cookie: jail, body: { ngoId: ngo.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ familyMemberId: user.id, ngo: { id: ngo.id, name: ngo.name }, seatsFree: 1 });
    const [after] = await t.db.select().from(ngos).where(eq(ngos.id, ngo.id));
    expect(after!.seatsFree).toBe(1);
    expect((await memberRow(name)).ngo).toMatchObject({ id: ngo.id, name: ngo.name, contactInfo: ngo.contactInfo, report: ngo.report });
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, user.id), eq(auditEvents.action, 'ngo.assigned')));
    expect(events).toHaveLength(1);
  });

  it("refuses an NGO without seats with 'No seats available for this NGO.' and changes nothing", async () => {
    const { user } = await createFamilyMember(t.db);
    const ngo = await createNgo(t.db, { seatsFree: 0 });
    const res = await t.request('POST', `/api/jail/members/${user.id}/ngo`, { cookie: jail, body: { ngoId: ngo.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'no_seats', message: 'No seats available for this NGO.' } });
    expect(await t.db.select().from(ngoAssignments).where(eq(ngoAssignments.familyMemberId, user.id))).toEqual([]);
    const [after] = await t.db.select().from(ngos).where(eq(ngos.id, ngo.id));
    expect(after!.seatsFree).toBe(0);
  });

  it('assigns only a member without an NGO: a second assignment is 409 and costs no seat', async () => {
    const { user } = await createFamilyMember(t.db);
    const first = await createNgo(t.db, { seatsFree: 3 });
    const second = await createNgo(t.db, { seatsFree: 3 });
    expect((await t.request('POST', `/api/jail/members/${user.id}/ngo`, { cookie: jail, body: { ngoId: first.id } })).statusCode).toBe(200);
    for (const ngoId of [second.id, first.id]) {
      const res = await t.request('POST', `/api/jail/members/${user.id}/ngo`, { cookie: jail, body: { ngoId } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'ngo_already_assigned' } });
    }
    const seats = await t.db
      .select({ id: ngos.id, seatsFree: ngos.seatsFree })
      .from(ngos)
      .where(inArray(ngos.id, [first.id, second.id]));
    expect(Object.fromEntries(seats.map((s) => [s.id, s.seatsFree]))).toEqual({ [first.id]: 2, [second.id]: 3 });
  });

  it('answers 404 for an unknown member or NGO, and for a user who is not a registered family member', async () => {
    const { user } = await createFamilyMember(t.db);
    const ngo = await createNgo(t.db);
    const lawyer = await createLawyer(t.db);
    const ghost = '00000000-0000-4000-8000-000000000000';
    const cases: [string, string, string][] = [
      [ghost, ngo.id, 'No such family member.'],
      [lawyer.user.id, ngo.id, 'No such family member.'],
      [user.id, ghost, 'No such NGO.'],
    ];
    for (const [memberId, ngoId, message] of cases) {
      const res = await t.request('POST', `/api/jail/members/${memberId}/ngo`, { cookie: jail, body: { ngoId } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found', message } });
    }
    const [after] = await t.db.select().from(ngos).where(eq(ngos.id, ngo.id));
    expect(after!.seatsFree).toBe(ngo.seatsFree);
  });

  it('refuses bad input with 400 and field details', async () => {
    const { user } = await createFamilyMember(t.db);
    const ngo = await createNgo(t.db);
    const bodies: [unknown, string][] = [
      [{}, 'ngoId'],
      [{ ngoId: 'not-a-uuid' }, 'ngoId'],
      [{ ngoId: ngo.id, seatsFree: 100 }, ''],
    ];
    for (const [body, path] of bodies) {
      const res = await t.request('POST', `/api/jail/members/${user.id}/ngo`, { cookie: jail, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details[0].path).toBe(path);
    }
    expect((await t.request('POST', `/api/jail/members/not-a-uuid/ngo`, { cookie: jail, body: { ngoId: ngo.id } })).statusCode).toBe(400);
  });
});

describe('POST /api/jail/members/:id/bail-accept (SPEC §4)', () => {
  const sentTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

  it('accepts bail: review Accepted, the first accepted lawyer and the family member are emailed', async () => {
    const name = `${tag()} Bail`;
    const { user } = await createFamilyMember(t.db, { name });
    const first = await createLawyer(t.db, { name: 'Adv. Earliest' });
    const later = await createLawyer(t.db, { name: 'Adv. Later' });
    await acceptedRequest(t.db, user.id, later.user.id, minutesAgo(5));
    await acceptedRequest(t.db, user.id, first.user.id, minutesAgo(50));
    await addBailPaper(t.db, user.id, later.user.id);

    const res = await t.request('POST', `/api/jail/members/${user.id}/bail-accept`, { cookie: jail });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ familyMemberId: user.id, status: 'Accepted', alreadyAccepted: false });
    const [review] = await t.db.select().from(bailReviews).where(eq(bailReviews.familyMemberId, user.id));
    expect(review).toMatchObject({ status: 'Accepted' });

    await deliverDueEmails(t.db, t.mailer, quiet);
    const toLawyer = sentTo(first.user.email);
    expect(toLawyer).toHaveLength(1);
    expect(toLawyer[0]!.subject).toContain(name);
    // The family member by name: a raw id means nothing to the lawyer reading it.
    expect(toLawyer[0]!.text).toContain(`The bail paper for family member ${name} was accepted`);
    expect(toLawyer[0]!.text).not.toContain(user.id);
    expect(sentTo(later.user.email)).toHaveLength(0);
    const toFamily = sentTo(user.email);
    expect(toFamily).toHaveLength(1);
    expect(toFamily[0]).toMatchObject({ subject: 'Bail-Paper accepted' });
    expect(toFamily[0]!.text).toContain('Adv. Earliest');

    const row = await memberRow(name);
    expect(row.bailReview).toMatchObject({ status: 'Accepted' });
    expect(row.stage).toBe('bail-accepted');
  });

  it('is harmless twice: the second answer says so and sends no second email', async () => {
    const { user } = await createFamilyMember(t.db);
    const lawyer = await createLawyer(t.db);
    await acceptedRequest(t.db, user.id, lawyer.user.id);
    await addBailPaper(t.db, user.id, lawyer.user.id);
    const a = await t.request('POST', `/api/jail/members/${user.id}/bail-accept`, { cookie: jail });
    const b = await t.request('POST', `/api/jail/members/${user.id}/bail-accept`, { cookie: jail });
    expect(a.json()).toMatchObject({ alreadyAccepted: false });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toMatchObject({ alreadyAccepted: true, decidedAt: a.json().decidedAt });
    await deliverDueEmails(t.db, t.mailer, quiet);
    expect(sentTo(lawyer.user.email)).toHaveLength(1);
    expect(sentTo(user.email)).toHaveLength(1);
  });

  it('sends one pair of emails when two authorities accept at the same moment', async () => {
    const { user } = await createFamilyMember(t.db);
    const lawyer = await createLawyer(t.db);
    await acceptedRequest(t.db, user.id, lawyer.user.id);
    await addBailPaper(t.db, user.id, lawyer.user.id);
    const other = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
    const results = await Promise.all(
      [jail, other, jail, other].map((cookie) => t.request('POST', `/api/jail/members/${user.id}/bail-accept`, { cookie })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.json().alreadyAccepted === false)).toHaveLength(1);
    const queued = await t.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, [lawyer.user.email, user.email]));
    expect(queued).toHaveLength(2);
  });

  it('emails only the family member when no lawyer was accepted', async () => {
    const { user } = await createFamilyMember(t.db);
    await addBailPaper(t.db, user.id, user.id);
    expect((await t.request('POST', `/api/jail/members/${user.id}/bail-accept`, { cookie: jail })).statusCode).toBe(200);
    await deliverDueEmails(t.db, t.mailer, quiet);
    expect(sentTo(user.email)).toHaveLength(1);
    expect(sentTo(user.email)[0]!.text).not.toContain('lawyer');
  });

  it('cannot accept a member without a bail paper: 409 with a clear message, nothing written', async () => {
    const { user } = await createFamilyMember(t.db);
    const lawyer = await createLawyer(t.db);
    await acceptedRequest(t.db, user.id, lawyer.user.id);
    const res = await t.request('POST', `/api/jail/members/${user.id}/bail-accept`, { cookie: jail });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'no_bail_paper', message: 'This family member has no bail paper to accept yet.' } });
    expect(await t.db.select().from(bailReviews).where(eq(bailReviews.familyMemberId, user.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, [lawyer.user.email, user.email])),
    ).toEqual([]);
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    const lawyer = await createLawyer(t.db);
    for (const id of ['00000000-0000-4000-8000-000000000000', lawyer.user.id]) {
      const res = await t.request('POST', `/api/jail/members/${id}/bail-accept`, { cookie: jail });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.request('POST', '/api/jail/members/abc/bail-accept', { cookie: jail })).statusCode).toBe(400);
  });
});

describe('only the jail authority', () => {
  it('refuses every jail route to the other roles (403) and anonymously (401)', async () => {
    const { user } = await createFamilyMember(t.db);
    await addBailPaper(t.db, user.id, user.id);
    const lawyer = await createLawyer(t.db);
    const ngo = await createNgo(t.db, { seatsFree: 1 });
    const routes: [string, string, unknown][] = [
      ['GET', '/api/jail/members', undefined],
      ['POST', `/api/jail/members/${user.id}/ngo`, { ngoId: ngo.id }],
      ['POST', `/api/jail/members/${user.id}/bail-accept`, undefined],
    ];
    const others = [await sessionCookie(t.db, user.id), await sessionCookie(t.db, lawyer.user.id)];
    for (const [method, url, body] of routes) {
      const anon = await t.request(method, url, { body });
      expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
      for (const cookie of others) {
        const res = await t.request(method, url, { cookie, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await t.db.select().from(ngoAssignments).where(eq(ngoAssignments.familyMemberId, user.id))).toEqual([]);
    expect(await t.db.select().from(bailReviews).where(eq(bailReviews.familyMemberId, user.id))).toEqual([]);
  });
});
