// Prisons as records, registration codes that scope officials, and the prisoner search of the jail
// and the DLSA (docs/decisions/0046-prisoner-and-prisons.md).
import { eq, sql } from 'drizzle-orm';
import { addDays, todayInIndia } from '#shared/release.ts';
import { BailDeskSchema } from '#shared/bail-desk.ts';
import { describe, expect, it } from 'vitest';
import { cases, prisonerFollowers, prisoners, users } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/client.ts';
import {
  createFamilyMember,
  createLawyer,
  createLawyerRequest,
  createUser,
  sessionCookie,
  TEST_PASSWORD,
  uniqueEmail,
} from '#tests/factories.ts';
import { signUpConfirmed, useTestApp } from '#tests/test-app.ts';

const t = useTestApp();

const prisonBody = (name: string, district = 'Sitapur') => ({
  name,
  state: 'UP',
  district,
  type: 'district',
  address: 'Civil Lines',
  phone: '+91 5862 242000',
  dlsaName: `DLSA ${district}`,
  dlsaAddress: 'District Court',
  dlsaPhone: '05862-242001',
  dlsaEmail: `dlsa.${district.toLowerCase().replace(/\W/g, '')}@example.org`,
});

async function admin() {
  const user = await createUser(t.db, { role: 'State-Administrator' });
  return sessionCookie(t.db, user.id);
}

async function officialBySignUp(role: 'Jail-Authority' | 'DLSA', registrationCode: string) {
  const email = uniqueEmail(role === 'DLSA' ? 'dlsa' : 'jail');
  await signUpConfirmed(t, { role, name: `${role} clerk`, email, password: TEST_PASSWORD, registrationCode });
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return { user: row!, cookie: await sessionCookie(t.db, row!.id) };
}

/** A family whose case names the prisoner, placed in a listed prison as /fmform does. */
async function familyInPrison(prisonerName: string, prisonId: string | null, caseNumber = `FIR-${Math.random().toString(36).slice(2, 8)}`) {
  const member = await createFamilyMember(t.db, { cases: [] });
  const cookie = await sessionCookie(t.db, member.user.id);
  const res = await t.request('PUT', '/api/family/registration', {
    cookie,
    body: {
      phone: '9876543210',
      address: 'Village Rampur',
      caseNumber,
      detail: 'Theft',
      caseType: 'Criminal Defense Lawyer',
      facts: { prisonerName, prisonerRelation: 'husband' },
      ...(prisonId ? { prisonId } : {}),
    },
  });
  return { member, cookie, res };
}

describe('prisons and registration codes', () => {
  it('only the State-Administrator creates and edits prisons; a stale edit is refused', async () => {
    const a = await admin();
    const jail = await sessionCookie(t.db, (await createUser(t.db, { role: 'Jail-Authority' })).id);
    expect((await t.request('POST', '/api/prisons', { cookie: jail, body: prisonBody('Some Jail') })).statusCode).toBe(403);
    const created = await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('District Jail Sitapur') });
    expect(created.statusCode).toBe(201);
    const prison = created.json<{ id: string; version: number }>();
    expect((await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('district jail SITAPUR') })).json().error.code).toBe(
      'prison_exists',
    );
    const wrongDistrict = await t.request('POST', '/api/prisons', { cookie: a, body: { ...prisonBody('X Jail'), district: 'Pune' } });
    expect(wrongDistrict.statusCode).toBe(400);
    const edit = await t.request('PUT', `/api/prisons/${prison.id}`, {
      cookie: a,
      body: { ...prisonBody('District Jail Sitapur'), phone: '05862', version: 0 },
    });
    expect(edit.statusCode).toBe(200);
    const stale = await t.request('PUT', `/api/prisons/${prison.id}`, {
      cookie: a,
      body: { ...prisonBody('District Jail Sitapur'), version: 0 },
    });
    expect(stale.json().error.code).toBe('stale_edit');
    // A family member picks it from the district's list.
    const family = await sessionCookie(t.db, (await createFamilyMember(t.db)).user.id);
    const choices = await t.request('GET', '/api/prison-choices?state=UP&district=Sitapur', { cookie: family });
    expect(choices.json().prisons).toContainEqual({ id: prison.id, name: 'District Jail Sitapur', type: 'district' });
  });

  it("a prison's code makes a jail account of that prison; a revoked or replaced code opens nothing; State-Administrator cannot sign up", async () => {
    const a = await admin();
    const prison = (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('Model Jail Lucknow', 'Lucknow') })).json<{
      id: string;
    }>();
    const first = (await t.request('POST', `/api/prisons/${prison.id}/code`, { cookie: a })).json<{ code: string }>().code;
    const second = (await t.request('POST', `/api/prisons/${prison.id}/code`, { cookie: a })).json<{ code: string }>().code;
    expect(second).not.toBe(first);
    const body = { role: 'Jail-Authority', name: 'Clerk', email: uniqueEmail('jail'), password: TEST_PASSWORD };
    expect((await t.request('POST', '/api/auth/signup', { body: { ...body, registrationCode: first } })).json().error.code).toBe(
      'bad_registration_code',
    );
    const { user } = await officialBySignUp('Jail-Authority', second.toLowerCase());
    expect(user.prisonId).toBe(prison.id);
    await t.request('DELETE', `/api/prisons/${prison.id}/code`, { cookie: a });
    expect(
      (await t.request('POST', '/api/auth/signup', { body: { ...body, email: uniqueEmail('jail'), registrationCode: second } })).json()
        .error.code,
    ).toBe('bad_registration_code');
    const adminSignUp = await t.request('POST', '/api/auth/signup', {
      body: { ...body, role: 'State-Administrator', email: uniqueEmail('adm') },
    });
    expect(adminSignUp.statusCode).toBe(400);
  });

  it('a disabled jail account cannot sign in and its sessions end', async () => {
    const a = await admin();
    const prison = (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('Sub Jail Biswan', 'Sitapur') })).json<{
      id: string;
    }>();
    const code = (await t.request('POST', `/api/prisons/${prison.id}/code`, { cookie: a })).json<{ code: string }>().code;
    const { user, cookie } = await officialBySignUp('Jail-Authority', code);
    const accounts = await t.request('GET', `/api/prisons/${prison.id}/jail-accounts`, { cookie: a });
    expect(accounts.json().accounts).toEqual([{ id: user.id, name: user.name, email: user.email, disabled: false }]);
    expect((await t.request('POST', `/api/admin/accounts/${user.id}/disable`, { cookie: a })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/prisoners/search', { cookie })).statusCode).toBe(401);
    const signIn = await t.request('POST', '/api/auth/signin', {
      body: { role: 'Jail-Authority', email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('prisoners and the scoped search', () => {
  it('each clerk finds their prisoner by a Hindi or a Latin spelling and never sees the other jail’s; the DLSA sees its district', async () => {
    const a = await admin();
    const sitapur = (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('Search Jail Sitapur', 'Sitapur') })).json<{
      id: string;
    }>();
    const kanpur = (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('Search Jail Kanpur', 'Kanpur Nagar') })).json<{
      id: string;
    }>();
    const jailA = await officialBySignUp(
      'Jail-Authority',
      (await t.request('POST', `/api/prisons/${sitapur.id}/code`, { cookie: a })).json().code,
    );
    const jailB = await officialBySignUp(
      'Jail-Authority',
      (await t.request('POST', `/api/prisons/${kanpur.id}/code`, { cookie: a })).json().code,
    );
    const dlsaCode = (await t.request('POST', '/api/dlsa-codes', { cookie: a, body: { state: 'UP', district: 'Sitapur' } })).json().code;
    const dlsa = await officialBySignUp('DLSA', dlsaCode);
    expect(dlsa.user.scopeDistrict).toBe('Sitapur');

    const ramesh = await familyInPrison('रमेश कुमार', sitapur.id, 'FIR-77/2026');
    expect(ramesh.res.statusCode).toBe(200);
    const suresh = await familyInPrison('Suresh Ramesh Yadav', kanpur.id);
    expect(suresh.res.statusCode).toBe(200);
    const [stored] = await t.db.select().from(prisoners).where(eq(prisoners.name, 'रमेश कुमार'));
    expect(stored).toMatchObject({ nameLatin: 'Ramesh Kumar', prisonId: sitapur.id });

    const names = async (cookie: string, q: string) =>
      (await t.request('GET', `/api/prisoners/search?q=${encodeURIComponent(q)}`, { cookie }))
        .json<{ prisoners: { name: string }[] }>()
        .prisoners.map((p) => p.name);
    expect(await names(jailA.cookie, 'Ramesh')).toEqual(['रमेश कुमार']);
    expect(await names(jailA.cookie, 'रमेश')).toEqual(['रमेश कुमार']);
    expect(await names(jailA.cookie, 'fir-77')).toEqual(['रमेश कुमार']);
    // The relative's phone number, typed any way (stored as +919876543210 by the registration).
    expect(await names(jailA.cookie, '+91 98765-43210')).toEqual(['रमेश कुमार']);
    expect(await names(jailA.cookie, '098765 43210')).toEqual(['रमेश कुमार']);
    expect(await names(jailB.cookie, 'रमेश')).toEqual([]);
    expect(await names(jailB.cookie, 'Suresh')).toEqual(['Suresh Ramesh Yadav']);
    expect(await names(jailB.cookie, 'fir-77')).toEqual([]);
    expect(await names(dlsa.cookie, 'Ramesh')).toEqual(['रमेश कुमार']);
    expect(await names(dlsa.cookie, 'Suresh')).toEqual([]);
    // The DLSA's list: its district's prisoners with what they need (no lawyer yet).
    const list = await t.request('GET', '/api/prisoners/search', { cookie: dlsa.cookie });
    expect(list.json().prisoners).toEqual([
      expect.objectContaining({ name: 'रमेश कुमार', needs: ['no-lawyer'], prisonName: 'Search Jail Sitapur' }),
    ]);
    // The administrator sees counts, never names.
    expect((await t.request('GET', '/api/prisoners/search?q=Ramesh', { cookie: a })).statusCode).toBe(403);
    const counts = await t.request('GET', '/api/admin/prison-counts', { cookie: a });
    expect(counts.json().prisons).toContainEqual(
      expect.objectContaining({ id: sitapur.id, prisoners: 1, inCustody: 1, jailAccounts: 1, hasCode: true }),
    );
  });

  it('the administrator’s counts come 100 prisons a page, by name, each once, with a cursor to the next', async () => {
    const a = await admin();
    await t.db.execute(sql`insert into prisons (name, state, district, dlsa_email)
      select 'Paging Jail ' || lpad(i::text, 3, '0'), 'UP', 'Sitapur', 'dlsa@example.org' from generate_series(1, 150) i`);
    type Page = { prisons: { id: string; name: string }[]; nextCursor: string | null };
    const seen: string[] = [];
    let after: string | null | undefined;
    for (let pages = 0; after !== null; pages++) {
      expect(pages).toBeLessThan(5);
      const res = await t.request('GET', `/api/admin/prison-counts${after ? `?after=${encodeURIComponent(after)}` : ''}`, { cookie: a });
      expect(res.statusCode).toBe(200);
      const page = res.json<Page>();
      expect(page.prisons.length).toBeLessThanOrEqual(100);
      seen.push(...page.prisons.map((p) => p.name));
      after = page.nextCursor;
    }
    // By name (these differ only in their digits, so every collation orders them alike), none twice.
    const paging = seen.filter((n) => n.startsWith('Paging Jail '));
    expect(paging).toEqual(Array.from({ length: 150 }, (_, i) => `Paging Jail ${String(i + 1).padStart(3, '0')}`));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('the DLSA’s list names the prisoner’s first relative to follow, and counts a lawyer of any relative', async () => {
    const a = await admin();
    const prison = (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('Follower Jail Hardoi', 'Hardoi') })).json<{
      id: string;
    }>();
    const dlsa = await officialBySignUp(
      'DLSA',
      (await t.request('POST', '/api/dlsa-codes', { cookie: a, body: { state: 'UP', district: 'Hardoi' } })).json().code,
    );
    const first = await familyInPrison('Kamla Prasad', prison.id);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const [followed] = await t.db.select().from(prisonerFollowers).where(eq(prisonerFollowers.familyMemberId, first.member.user.id));
    // A second relative joined after the registrant and has a lawyer; a third is on record as the
    // first to follow (an earlier date, written last): the list goes by the date, not the writing.
    const second = await createFamilyMember(t.db, { name: 'Second Relative', cases: [] });
    const third = await createFamilyMember(t.db, { name: 'Third Relative', cases: [] });
    const at = followed!.joinedAt.getTime();
    await t.db.insert(prisonerFollowers).values([
      { prisonerId: followed!.prisonerId, familyMemberId: third.user.id, relation: 'son', joinedAt: new Date(at - 60_000) },
      { prisonerId: followed!.prisonerId, familyMemberId: second.user.id, relation: 'brother', joinedAt: new Date(at + 60_000) },
    ]);
    const list = async () =>
      (await t.request('GET', '/api/prisoners/search', { cookie: dlsa.cookie })).json<{
        prisoners: { name: string; familyMemberId: string; familyMemberName: string; needs: string[] }[];
      }>().prisoners;
    expect(await list()).toEqual([expect.objectContaining({ name: 'Kamla Prasad', familyMemberId: third.user.id, needs: ['no-lawyer'] })]);
    const lawyer = await createLawyer(t.db);
    await createLawyerRequest(t.db, { familyMemberId: second.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    const [row] = await list();
    expect(row).toEqual(expect.objectContaining({ familyMemberId: third.user.id, familyMemberName: 'Third Relative', needs: [] }));
  });

  it('reads a page per prison: the DLSA walks its district’s two prisons in name order by cursor, each prisoner once, in one statement', async () => {
    const a = await admin();
    const made = async (name: string) =>
      (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody(name, 'Lakhimpur Kheri') })).json<{ id: string }>();
    const first = await made('Page Jail One');
    const second = await made('Page Jail Two');
    const dlsa = await officialBySignUp(
      'DLSA',
      (await t.request('POST', '/api/dlsa-codes', { cookie: a, body: { state: 'UP', district: 'Lakhimpur Kheri' } })).json().code,
    );
    const clerk = await officialBySignUp(
      'Jail-Authority',
      (await t.request('POST', `/api/prisons/${first.id}/code`, { cookie: a })).json().code,
    );
    // 61 prisoners, two in three in the first prison, some sharing a name (their order is then by id).
    const names = ['Bhola Ram', 'Chhotu Lal', 'Dinesh Pal', 'Ganga Devi', 'Kallu Singh', 'Munna Khan', 'Pappu Yadav', 'Tota Ram'];
    for (let i = 0; i < 61; i++) {
      const fm = await createFamilyMember(t.db, { name: `Page Relative ${i}`, cases: [{ caseNumber: `PAGE-${i}` }] });
      const name = `${names[i % names.length]!} ${['', 'Verma', 'Nishad'][i % 3]!}`.trim();
      await t.db
        .update(prisoners)
        .set({ name, nameLatin: name, prisonId: i % 3 === 2 ? second.id : first.id })
        .where(eq(prisoners.id, fm.cases[0]!.prisonerId));
    }
    const held = await t.db
      .select({ id: prisoners.id, key: prisoners.nameKey, prisonId: prisoners.prisonId })
      .from(prisoners)
      .where(sql`${prisoners.prisonId} in (${first.id}::uuid, ${second.id}::uuid)`);
    // The key's byte order (as its index holds it), then the id.
    const byKey = (x: { id: string; key: string }, y: { id: string; key: string }) =>
      Buffer.compare(Buffer.from(x.key), Buffer.from(y.key)) || (x.id < y.id ? -1 : 1);
    const expected = [...held].sort(byKey).map((p) => p.id);
    type Page = { prisoners: { id: string }[]; nextCursor: string | null };
    const page1 = await t.countQueries(() => t.request('GET', '/api/prisoners/search', { cookie: dlsa.cookie }));
    // The session, the page (the district's prisons read in the same statement), the access log's row.
    expect(page1.count).toBe(3);
    const one = page1.result.json<Page>();
    expect(one.prisoners).toHaveLength(50);
    const two = (await t.request('GET', `/api/prisoners/search?after=${one.nextCursor}`, { cookie: dlsa.cookie })).json<Page>();
    expect(two.nextCursor).toBeNull();
    expect([...one.prisoners, ...two.prisoners].map((p) => p.id)).toEqual(expected);
    // One prison of the district, and the clerk's own prison: its prisoners only, in the same order.
    const ofFirst = held
      .filter((p) => p.prisonId === first.id)
      .sort(byKey)
      .map((p) => p.id);
    const narrowed = (await t.request('GET', `/api/prisoners/search?prisonId=${first.id}`, { cookie: dlsa.cookie })).json<Page>();
    expect(narrowed.prisoners.map((p) => p.id)).toEqual(ofFirst);
    const search = await t.countQueries(() =>
      t.request('GET', `/api/prisoners/search?q=${encodeURIComponent('Tota')}`, { cookie: clerk.cookie }),
    );
    expect(search.count).toBe(3);
    const [tota] = rowsOf<{ k: string }>(await t.db.execute(sql`select prisoner_name_key('Tota') as k`));
    const totas = held
      .filter((p) => p.key.startsWith(tota!.k) && p.prisonId === first.id)
      .sort(byKey)
      .map((p) => p.id);
    expect(totas.length).toBeGreaterThan(3);
    expect(search.result.json<Page>().prisoners.map((p) => p.id)).toEqual(totas);
    // A relative's name finds the prisoner they follow in the clerk's prison, not one held in the other.
    const byRelative = async (i: number) =>
      (await t.request('GET', `/api/prisoners/search?q=${encodeURIComponent(`Page Relative ${i}`)}`, { cookie: clerk.cookie }))
        .json<Page>()
        .prisoners.map((p) => p.id);
    const prisonerOf = async (caseNumber: string) =>
      (await t.db.select({ id: cases.prisonerId }).from(cases).where(eq(cases.caseNumber, caseNumber)))[0]!.id;
    expect(await byRelative(30)).toEqual([await prisonerOf('PAGE-30')]);
    expect(await byRelative(32)).toEqual([]);
  });

  it('a jail authority of one prison lists, counts, searches and acts on that prison’s families only; a transfer moves them', async () => {
    const a = await admin();
    const made = async (name: string, district: string) =>
      (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody(name, district) })).json<{ id: string }>();
    const lucknow = await made('Scope Jail Lucknow', 'Lucknow');
    const hardoi = await made('Scope Jail Hardoi', 'Hardoi');
    const clerk = async (prisonId: string) =>
      officialBySignUp('Jail-Authority', (await t.request('POST', `/api/prisons/${prisonId}/code`, { cookie: a })).json().code);
    const jailA = await clerk(lucknow.id);
    const jailB = await clerk(hardoi.id);
    const everywhere = await sessionCookie(t.db, (await createUser(t.db, { role: 'Jail-Authority' })).id);

    const inA = await familyInPrison('Mohan Lal', lucknow.id, 'SCOPE-A-1');
    const inB = await familyInPrison('Sohan Lal', hardoi.id, 'SCOPE-B-1');
    const caseOf = async (memberId: string) =>
      (await t.request('GET', '/api/family/cases', { cookie: memberId === inA.member.user.id ? inA.cookie : inB.cookie })).json<{
        cases: { id: string }[];
      }>().cases[0]!.id;
    const caseA = await caseOf(inA.member.user.id);
    const caseB = await caseOf(inB.member.user.id);

    type Page = {
      items: { id: string }[];
      total: number;
      counts: { all: number };
      chart: { byCaseType: { caseType: string; members: number }[] };
    };
    const list = async (cookie: string, query = '') => (await t.request('GET', `/api/jail/members?${query}`, { cookie })).json<Page>();
    const ids = (p: Page) => p.items.map((i) => i.id);
    const pageA = await list(jailA.cookie);
    expect(ids(pageA)).toEqual([inA.member.user.id]);
    expect(pageA.counts.all).toBe(1);
    expect(pageA.chart.byCaseType.find((c) => c.caseType === 'Criminal Defense Lawyer')?.members).toBe(1);
    expect(ids(await list(jailB.cookie))).toEqual([inB.member.user.id]);
    expect(ids(await list(jailA.cookie, 'filter=no-lawyer'))).toEqual([inA.member.user.id]);
    // Searches by name, phone and case id stay in the prison.
    expect(ids(await list(jailA.cookie, `q=${encodeURIComponent(inA.member.user.name)}`))).toEqual([inA.member.user.id]);
    expect(ids(await list(jailA.cookie, `q=${encodeURIComponent(inB.member.user.name)}`))).toEqual([]);
    expect(ids(await list(jailA.cookie, 'q=scope-'))).toEqual([inA.member.user.id]);
    expect(ids(await list(jailA.cookie, `q=${encodeURIComponent('098765-43210')}`))).toEqual([inA.member.user.id]);
    expect(ids(await list(jailB.cookie, 'q=scope-'))).toEqual([inB.member.user.id]);
    // A deployment-wide jail account (the deployment's code) still sees both.
    const all = ids(await list(everywhere, 'q=scope-'));
    expect(all).toEqual(expect.arrayContaining([inA.member.user.id, inB.member.user.id]));
    expect((await t.request('GET', '/api/jail/release-counts', { cookie: jailA.cookie })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/jail/deadline-flags', { cookie: jailA.cookie })).statusCode).toBe(200);

    // Anything of prison B is unknown to prison A's clerk (404), and known to B's.
    expect((await t.request('GET', `/api/cases/${caseB}`, { cookie: jailA.cookie })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/cases/${caseA}`, { cookie: jailA.cookie })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/cases/${caseB}/deadlines`, { cookie: jailA.cookie })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/cases/${caseB}/application-printed`, { cookie: jailA.cookie })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/jail/members/${inB.member.user.id}/bail-accept`, { cookie: jailA.cookie })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/jail/members/${inB.member.user.id}/bail-accept/undo`, { cookie: jailA.cookie })).statusCode).toBe(
      404,
    );
    const ngo = await t.request('POST', `/api/jail/members/${inB.member.user.id}/ngo`, {
      cookie: jailA.cookie,
      body: { ngoId: '00000000-0000-4000-8000-000000000001' },
    });
    expect(ngo.statusCode).toBe(404);
    expect((await t.request('GET', `/api/cases/${caseB}`, { cookie: jailB.cookie })).statusCode).toBe(200);

    // Moved to Lucknow: B's clerk no longer sees the family, A's does, and the counts follow.
    await t.db.update(prisoners).set({ prisonId: lucknow.id }).where(eq(prisoners.name, 'Sohan Lal'));
    expect(ids(await list(jailB.cookie))).toEqual([]);
    expect((await list(jailB.cookie)).counts.all).toBe(0);
    expect((await list(jailA.cookie)).counts.all).toBe(2);
    expect((await t.request('GET', `/api/cases/${caseB}`, { cookie: jailA.cookie })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/cases/${caseB}`, { cookie: jailB.cookie })).statusCode).toBe(404);
  });

  it('the DLSA’s desk lists its district’s prisoners granted bail and still inside, with the fund’s clocks, and records its steps in order', async () => {
    const a = await admin();
    const made = async (name: string, district: string) =>
      (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody(name, district) })).json<{ id: string }>();
    const unnao = await made('Desk Jail Unnao', 'Unnao');
    const banda = await made('Desk Jail Banda', 'Banda');
    const dlsaOf = async (district: string) =>
      officialBySignUp('DLSA', (await t.request('POST', '/api/dlsa-codes', { cookie: a, body: { state: 'UP', district } })).json().code);
    const dlsa = await dlsaOf('Unnao');
    const otherDlsa = await dlsaOf('Banda');
    const inUnnao = await familyInPrison('Desk Prisoner Unnao', unnao.id, 'DESK-U-1');
    await familyInPrison('Desk Prisoner Banda', banda.id, 'DESK-B-1');
    const today = todayInIndia();
    await t.db.execute(sql`update cases set bail_granted_on = ${addDays(today, -10)}::date, bail_bond_amount = 20000, bail_sureties = 2
      where case_number in ('DESK-U-1', 'DESK-B-1')`);
    type Desk = {
      cases: { caseId: string; caseNumber: string; stage: string; overdue: string[]; informDlsaBy: string; recommendBy: string | null }[];
    };
    const desk = async (cookie: string) => (await t.request('GET', '/api/dlsa/bail-desk', { cookie })).json<Desk>();
    const mine = (await desk(dlsa.cookie)).cases;
    expect(mine.map((c) => c.caseNumber)).toEqual(['DESK-U-1']);
    // Sent as JSON text (jsonTextOf): byte for byte what the schema's serialiser would send.
    const text = (await t.request('GET', '/api/dlsa/bail-desk', { cookie: dlsa.cookie })).body;
    expect(text).toBe(JSON.stringify(BailDeskSchema.parse(JSON.parse(text))));
    expect(mine[0]).toMatchObject({ stage: 'inform-dlsa', overdue: ['inform-dlsa'], informDlsaBy: addDays(today, -3), recommendBy: null });
    expect((await desk(otherDlsa.cookie)).cases.map((c) => c.caseNumber)).toEqual(['DESK-B-1']);
    const caseId = mine[0]!.caseId;
    const step = (cookie: string, body: object) => t.request('POST', `/api/dlsa/cases/${caseId}/bail-steps`, { cookie, body });
    // Out of order, in the future, before the bail order, or from another district: refused, nothing written.
    expect((await step(dlsa.cookie, { step: 'recommended', on: today })).statusCode).toBe(400);
    expect((await step(dlsa.cookie, { step: 'informed', on: addDays(today, 1) })).statusCode).toBe(400);
    expect((await step(dlsa.cookie, { step: 'informed', on: addDays(today, -11) })).statusCode).toBe(400);
    expect((await step(dlsa.cookie, { step: 'informed', on: 'yesterday' })).statusCode).toBe(400);
    expect((await step(otherDlsa.cookie, { step: 'informed', on: today })).statusCode).toBe(404);
    expect((await step(inUnnao.cookie, { step: 'informed', on: today })).statusCode).toBe(403);
    expect((await desk(dlsa.cookie)).cases[0]).toMatchObject({ stage: 'inform-dlsa' });
    // Told today: the recommendation is due in 5 days.
    expect((await step(dlsa.cookie, { step: 'informed', on: today })).statusCode).toBe(200);
    expect((await desk(dlsa.cookie)).cases[0]).toMatchObject({
      stage: 'dlsa-to-recommend',
      recommendBy: addDays(today, 5),
      overdue: [],
    });
    expect((await step(dlsa.cookie, { step: 'recommended', on: today })).statusCode).toBe(200);
    expect((await desk(dlsa.cookie)).cases[0]).toMatchObject({ stage: 'committee-to-decide' });
  });

  it('a case saved without a prisoner gets the member’s prisoner of that name; free-text prisons wait for the administrator', async () => {
    const a = await admin();
    const typed = await familyInPrison('Mohan Lal', null);
    expect(typed.res.statusCode).toBe(200);
    await t.request('PUT', '/api/family/registration', {
      cookie: typed.cookie,
      body: {
        phone: '9876543210',
        address: 'Village',
        caseNumber: 'X-1',
        detail: 'd',
        caseType: 'Criminal Defense Lawyer',
        facts: { prisonerName: 'Mohan Lal', prison: 'Jila Karagar Hardoi' },
      },
    });
    const unmatched = await t.request('GET', '/api/admin/unmatched-prisons', { cookie: a });
    expect(unmatched.statusCode).toBe(200);
    const hardoi = (await t.request('POST', '/api/prisons', { cookie: a, body: prisonBody('District Jail Hardoi', 'Hardoi') })).json<{
      id: string;
    }>();
    const [row] = await t.db.select().from(prisoners).where(eq(prisoners.name, 'Mohan Lal'));
    if (row?.prisonOther) {
      const matched = await t.request('POST', '/api/admin/unmatched-prisons/match', {
        cookie: a,
        body: { typed: row.prisonOther, prisonId: hardoi.id },
      });
      expect(matched.json().matched).toBeGreaterThan(0);
    }
  });
});
