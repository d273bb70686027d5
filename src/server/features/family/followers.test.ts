// Relatives following a prisoner (docs/decisions/0050-relatives-join-by-invitation.md): invitations by
// a short code, joining, leaving; who may do each, the code's life (used once, expires, rate-limited),
// what a joined relative sees, and the derived prison and cards afterwards.
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  auditEvents,
  cases,
  familyMembers,
  notifications,
  prisonerFollowers,
  prisonerInvitations,
  prisoners,
  prisons,
  rateLimits,
  users,
} from '#server/db/schema.ts';
import { checkDerived } from '#server/db/derived.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, createLawyerRequest, createUser, sessionCookie } from '#tests/factories.ts';
import { CODE_TRIES_PER_MEMBER, INVITES_PER_DAY } from './followers.use-cases.ts';

const t = useTestApp();

beforeEach(async () => {
  // Every request of the file comes from one address: each test starts with fresh budgets.
  await t.db.delete(rateLimits);
});

/** A relative who registered a prisoner (with one case), the prisoner held in a listed prison. */
async function registeringRelative(name = 'Geeta Devi') {
  const fm = await createFamilyMember(t.db, { name, cases: [{ caseNumber: `FIR-${Math.random().toString(36).slice(2, 8)}` }] });
  const [prison] = await t.db
    .insert(prisons)
    .values({
      name: `District Jail ${Math.random().toString(36).slice(2, 8)}`,
      state: 'UP',
      district: 'Sitapur',
      dlsaEmail: 'dlsa@example.org',
    })
    .returning({ id: prisons.id });
  const prisonerId = fm.cases[0]!.prisonerId;
  await t.db
    .update(prisoners)
    .set({ name: 'रमेश कुमार', nameLatin: 'Ramesh Kumar', prisonId: prison!.id })
    .where(eq(prisoners.id, prisonerId));
  return { ...fm, prisonerId, prisonId: prison!.id, caseId: fm.cases[0]!.id, cookie: await sessionCookie(t.db, fm.user.id) };
}

async function signedInFamily(name = 'Suresh Kumar') {
  const user = await createUser(t.db, { role: 'Family-Member', name });
  return { user, cookie: await sessionCookie(t.db, user.id) };
}

async function invite(cookie: string, prisonerId: string) {
  const res = await t.request('POST', `/api/family/prisoners/${prisonerId}/invitations`, { cookie });
  expect(res.statusCode).toBe(201);
  return res.json<{ code: string; link: string; expiresAt: string }>();
}

const joinBody = (code: string) => ({ code, relation: 'Brother', phone: '98765 43210', address: '2 Station Road, Sitapur' });

async function prisonOf(userId: string) {
  const [row] = await t.db.select({ prisonId: familyMembers.prisonId }).from(familyMembers).where(eq(familyMembers.userId, userId));
  return row?.prisonId ?? null;
}

async function noticesOf(userId: string, kind: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

describe('inviting a relative', () => {
  it('a follower gets an 8-letter code (shown once, stored hashed) and a link holding it, good for 7 days', async () => {
    const a = await registeringRelative();
    const before = Date.now();
    const inv = await invite(a.cookie, a.prisonerId);
    expect(inv.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(inv.link).toMatch(new RegExp(`/join\\?code=${inv.code}$`));
    const days = (Date.parse(inv.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const rows = await t.db.select().from(prisonerInvitations).where(eq(prisonerInvitations.prisonerId, a.prisonerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id).not.toContain(inv.code.replace('-', ''));
    const [audited] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'prisoner.invitation_created'));
    expect(audited?.actorId).toBe(a.user.id);
  });

  it('is 401 signed out, 403 for another role, 404 for a prisoner the member does not follow (another family)', async () => {
    const a = await registeringRelative();
    const other = await registeringRelative('Other Family');
    const lawyer = await createLawyer(t.db);
    expect((await t.request('POST', `/api/family/prisoners/${a.prisonerId}/invitations`)).statusCode).toBe(401);
    const asLawyer = await t.request('POST', `/api/family/prisoners/${a.prisonerId}/invitations`, {
      cookie: await sessionCookie(t.db, lawyer.user.id),
    });
    expect(asLawyer.statusCode).toBe(403);
    const asOther = await t.request('POST', `/api/family/prisoners/${a.prisonerId}/invitations`, { cookie: other.cookie });
    expect(asOther.statusCode).toBe(404);
    expect((await t.request('POST', '/api/family/prisoners/not-a-uuid/invitations', { cookie: a.cookie })).statusCode).toBe(400);
    // The other family's list does not show the prisoner, and no invitation was made.
    const list = (await t.request('GET', '/api/family/prisoners', { cookie: other.cookie })).json<{ prisoners: { id: string }[] }>();
    expect(list.prisoners.map((p) => p.id)).toEqual([other.prisonerId]);
    expect(await t.db.select().from(prisonerInvitations).where(eq(prisonerInvitations.prisonerId, a.prisonerId))).toHaveLength(0);
  });

  it(`stops at ${INVITES_PER_DAY} invitations a day (429)`, async () => {
    const a = await registeringRelative();
    for (let i = 0; i < INVITES_PER_DAY; i++) await invite(a.cookie, a.prisonerId);
    const over = await t.request('POST', `/api/family/prisoners/${a.prisonerId}/invitations`, { cookie: a.cookie });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe('joining with the code', () => {
  it('shows the prisoner and who invited; joining makes the relative a follower who sees the cases, listed under the prison', async () => {
    const a = await registeringRelative();
    const b = await signedInFamily();
    const inv = await invite(a.cookie, a.prisonerId);

    // Typed back in lower case with a space: still the code.
    const typed = inv.code.toLowerCase().replace('-', ' ');
    const look = await t.request('POST', '/api/family/invitations/look-up', { cookie: b.cookie, body: { code: typed } });
    expect(look.statusCode).toBe(200);
    expect(look.json()).toMatchObject({
      prisoner: { name: 'रमेश कुमार', nameLatin: 'Ramesh Kumar' },
      invitedBy: 'Geeta Devi',
      alreadyFollowing: false,
      registered: false,
    });

    // Without a family record, the phone and address are needed (nothing changes).
    const bare = await t.request('POST', '/api/family/invitations/accept', {
      cookie: b.cookie,
      body: { code: inv.code, relation: 'Brother' },
    });
    expect(bare.statusCode).toBe(400);
    expect(
      bare
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['address', 'phone']);
    const noRelation = await t.request('POST', '/api/family/invitations/accept', {
      cookie: b.cookie,
      body: { ...joinBody(inv.code), relation: ' ' },
    });
    expect(noRelation.statusCode).toBe(400);
    expect(await t.db.select().from(prisonerFollowers).where(eq(prisonerFollowers.familyMemberId, b.user.id))).toHaveLength(0);

    const joined = await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(typed) });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ prisonerId: a.prisonerId });

    // B sees the prisoner, both followers and A's case, which B may open.
    const list = (await t.request('GET', '/api/family/prisoners', { cookie: b.cookie })).json<{
      prisoners: { id: string; name: string; relation: string; followers: unknown[]; cases: unknown[]; canLeave: boolean }[];
    }>();
    expect(list.prisoners).toEqual([
      {
        id: a.prisonerId,
        name: 'रमेश कुमार',
        nameLatin: 'Ramesh Kumar',
        relation: 'Brother',
        followers: [
          { name: 'Geeta Devi', relation: '', you: false },
          { name: 'Suresh Kumar', relation: 'Brother', you: true },
        ],
        cases: [{ id: a.caseId, registeredBy: 'Geeta Devi', yours: false }],
        canLeave: true,
      },
    ]);
    const bCases = (await t.request('GET', '/api/family/cases', { cookie: b.cookie })).json<{ cases: { id: string }[] }>();
    expect(bCases.cases.map((c) => c.id)).toEqual([a.caseId]);
    expect((await t.request('GET', `/api/cases/${a.caseId}`, { cookie: b.cookie })).statusCode).toBe(200);

    // Registered in the prison's district, but listed under no prison: B holds no case (the jail lists the
    // prisoner once, through A); A told, all audited.
    expect(await prisonOf(b.user.id)).toBeNull();
    expect(await prisonOf(a.user.id)).toBe(a.prisonId);
    const [record] = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, b.user.id));
    expect(record).toMatchObject({ phone: '+919876543210', state: 'UP', district: 'Sitapur' });
    const told = await noticesOf(a.user.id, 'follower_joined');
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ name: 'Suresh Kumar', relation: 'Brother', prisoner: 'रमेश कुमार' });
    const actions = (await t.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.actorId, b.user.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['family.registered', 'prisoner.follower_joined']));
    expect((await checkDerived(t.db)).total).toBe(0);
  });

  it('a code works once: a used, an expired and a wrong code are all 404, and change nothing', async () => {
    const a = await registeringRelative();
    const b = await signedInFamily();
    const c = await signedInFamily('Third Relative');
    const inv = await invite(a.cookie, a.prisonerId);
    expect((await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(inv.code) })).statusCode).toBe(
      200,
    );
    const used = await t.request('POST', '/api/family/invitations/accept', { cookie: c.cookie, body: joinBody(inv.code) });
    expect(used.statusCode).toBe(404);
    expect((await t.request('POST', '/api/family/invitations/look-up', { cookie: c.cookie, body: { code: inv.code } })).statusCode).toBe(
      404,
    );

    const late = await invite(a.cookie, a.prisonerId);
    await t.db
      .update(prisonerInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(prisonerInvitations.prisonerId, a.prisonerId), sql`${prisonerInvitations.usedAt} is null`));
    expect((await t.request('POST', '/api/family/invitations/accept', { cookie: c.cookie, body: joinBody(late.code) })).statusCode).toBe(
      404,
    );
    expect((await t.request('POST', '/api/family/invitations/accept', { cookie: c.cookie, body: joinBody('ABCD-EFGH') })).statusCode).toBe(
      404,
    );
    // Not a code at all (an O, a 1, too short): 400 on the field.
    const bad = await t.request('POST', '/api/family/invitations/accept', { cookie: c.cookie, body: joinBody('O1') });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(prisonerFollowers).where(eq(prisonerFollowers.familyMemberId, c.user.id))).toHaveLength(0);
    expect(await t.db.select().from(familyMembers).where(eq(familyMembers.userId, c.user.id))).toHaveLength(0);
  });

  it('the follower already following is told so and the code is not spent; a registered member joins without phone and address', async () => {
    const a = await registeringRelative();
    const b = await registeringRelative('Registered Relative');
    const inv = await invite(a.cookie, a.prisonerId);
    const self = await t.request('POST', '/api/family/invitations/accept', {
      cookie: a.cookie,
      body: { code: inv.code, relation: 'Wife' },
    });
    expect(self.statusCode).toBe(409);
    const joined = await t.request('POST', '/api/family/invitations/accept', {
      cookie: b.cookie,
      body: { code: inv.code, relation: 'Son' },
    });
    expect(joined.statusCode).toBe(200);
    // B follows two prisoners now: their own and A's; both prisoners' cases are on B's list.
    const bCases = (await t.request('GET', '/api/family/cases', { cookie: b.cookie })).json<{ cases: { id: string }[] }>();
    expect(bCases.cases.map((c) => c.id).sort()).toEqual([a.caseId, b.caseId].sort());
    // A does not see B's own prisoner's case.
    expect((await t.request('GET', `/api/cases/${b.caseId}`, { cookie: a.cookie })).statusCode).toBe(404);
  });

  it(`stops a member after ${CODE_TRIES_PER_MEMBER} tries in a quarter of an hour (429), right code or not`, async () => {
    const a = await registeringRelative();
    const b = await signedInFamily();
    const inv = await invite(a.cookie, a.prisonerId);
    for (let i = 0; i < CODE_TRIES_PER_MEMBER; i++) {
      const res = await t.request('POST', '/api/family/invitations/look-up', { cookie: b.cookie, body: { code: 'ABCD-EFG' + 'H' } });
      expect(res.statusCode).toBe(404);
    }
    const over = await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(inv.code) });
    expect(over.statusCode).toBe(429);
    expect(await t.db.select().from(prisonerFollowers).where(eq(prisonerFollowers.familyMemberId, b.user.id))).toHaveLength(0);
  });

  it('is for family members only: 401 signed out, 403 for a lawyer', async () => {
    const lawyer = await createLawyer(t.db);
    expect((await t.request('POST', '/api/family/invitations/look-up', { body: { code: 'ABCD-EFGH' } })).statusCode).toBe(401);
    const res = await t.request('POST', '/api/family/invitations/accept', {
      cookie: await sessionCookie(t.db, lawyer.user.id),
      body: joinBody('ABCD-EFGH'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('leaving', () => {
  it('the relative who joined leaves: the cases and the prison listing go, the other follower is told', async () => {
    const a = await registeringRelative();
    const b = await signedInFamily();
    const inv = await invite(a.cookie, a.prisonerId);
    await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(inv.code) });
    expect(await prisonOf(b.user.id)).toBeNull();

    const left = await t.request('DELETE', `/api/family/prisoners/${a.prisonerId}/follow`, { cookie: b.cookie });
    expect(left.statusCode).toBe(200);
    expect((await t.request('GET', '/api/family/prisoners', { cookie: b.cookie })).json()).toEqual({ prisoners: [] });
    expect((await t.request('GET', '/api/family/cases', { cookie: b.cookie })).json()).toEqual({ cases: [] });
    expect((await t.request('GET', `/api/cases/${a.caseId}`, { cookie: b.cookie })).statusCode).toBe(404);
    expect(await prisonOf(b.user.id)).toBeNull();
    expect(await noticesOf(a.user.id, 'follower_left')).toHaveLength(1);
    // Leaving again: not a follower any more.
    expect((await t.request('DELETE', `/api/family/prisoners/${a.prisonerId}/follow`, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await checkDerived(t.db)).total).toBe(0);
  });

  it('the only follower may not leave (409): the prisoner and cases would belong to nobody', async () => {
    const a = await registeringRelative();
    const res = await t.request('DELETE', `/api/family/prisoners/${a.prisonerId}/follow`, { cookie: a.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/only relative/);
    expect(await t.db.select().from(prisonerFollowers).where(eq(prisonerFollowers.prisonerId, a.prisonerId))).toHaveLength(1);
    const list = (await t.request('GET', '/api/family/prisoners', { cookie: a.cookie })).json<{ prisoners: { canLeave: boolean }[] }>();
    expect(list.prisoners[0]?.canLeave).toBe(false);
  });

  it('the registering relative leaves: their cases of the prisoner go to the one who stays, and they lose access', async () => {
    const a = await registeringRelative();
    const b = await signedInFamily();
    const inv = await invite(a.cookie, a.prisonerId);
    await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(inv.code) });
    const left = await t.request('DELETE', `/api/family/prisoners/${a.prisonerId}/follow`, { cookie: a.cookie });
    expect(left.statusCode).toBe(200);
    const [moved] = await t.db.select({ owner: cases.familyMemberId }).from(cases).where(eq(cases.id, a.caseId));
    expect(moved?.owner).toBe(b.user.id);
    expect((await t.request('GET', `/api/cases/${a.caseId}`, { cookie: a.cookie })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/family/cases', { cookie: a.cookie })).json()).toEqual({ cases: [] });
    expect((await t.request('GET', `/api/cases/${a.caseId}`, { cookie: b.cookie })).statusCode).toBe(200);
    expect(await prisonOf(a.user.id)).toBeNull();
    expect(await prisonOf(b.user.id)).toBe(a.prisonId);
    expect(await noticesOf(b.user.id, 'follower_left')).toHaveLength(1);
    // The prisoner stays (B follows them); the cards and counts moved with the case.
    expect(await t.db.select().from(prisoners).where(eq(prisoners.id, a.prisonerId))).toHaveLength(1);
    expect((await checkDerived(t.db)).total).toBe(0);
  });
});

describe("the jail's list", () => {
  type Page = {
    items: { id: string; name: string; cases: { id: string; prisoner: { name: string } | null }[] }[];
    total: number;
    counts: { all: number; noLawyer: number };
    chart: { byCaseType: { caseType: string; members: number }[] };
  };
  const list = async (cookie: string, query = '') => {
    const res = await t.request('GET', `/api/jail/members?${query}`, { cookie });
    expect(res.statusCode).toBe(200);
    return res.json<Page>();
  };
  async function clerkOf(prisonId: string) {
    const clerk = await createUser(t.db, { role: 'Jail-Authority' });
    await t.db.update(users).set({ prisonId }).where(eq(users.id, clerk.id));
    return sessionCookie(t.db, clerk.id);
  }

  it('shows a prisoner a relative joined once, with the cases, and no empty row for the relative who joined', async () => {
    const a = await registeringRelative();
    const clerk = await clerkOf(a.prisonId);
    const before = await list(clerk);
    const b = await signedInFamily();
    const inv = await invite(a.cookie, a.prisonerId);
    expect((await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(inv.code) })).statusCode).toBe(
      200,
    );

    const page = await list(clerk);
    expect(page.items.map((i) => [i.name, i.cases.map((c) => [c.id, c.prisoner?.name])])).toEqual([
      ['Geeta Devi', [[a.caseId, 'रमेश कुमार']]],
    ]);
    // The tiles, the filters and the chart count the prisoner's family once, as before B joined.
    expect(page.total).toBe(1);
    expect(page.counts).toEqual(before.counts);
    expect(page.chart).toEqual(before.chart);
    expect((await list(clerk, 'filter=no-lawyer')).items.map((i) => i.id)).toEqual([a.user.id]);
    expect((await list(clerk, `q=${encodeURIComponent('Suresh')}`)).items).toEqual([]);
    // The clerk finds the prisoner by the name of the relative who holds the cases (one listed in the
    // prison), and still reaches the case.
    const found = async (q: string) =>
      (await t.request('GET', `/api/prisoners/search?q=${encodeURIComponent(q)}`, { cookie: clerk }))
        .json<{ prisoners: { id: string }[] }>()
        .prisoners.map((p) => p.id);
    expect(await found('Geeta')).toEqual([a.prisonerId]);
    expect(await found('Ramesh')).toEqual([a.prisonerId]);
    // The DLSA of the prison's district lists the prisoner once as well (its list is by prisoner).
    const dlsaUser = await createUser(t.db, { role: 'DLSA' });
    await t.db.update(users).set({ scopeState: 'UP', scopeDistrict: 'Sitapur' }).where(eq(users.id, dlsaUser.id));
    const district = await t.request('GET', '/api/prisoners/search', { cookie: await sessionCookie(t.db, dlsaUser.id) });
    // (Other tests of this file hold prisoners in Sitapur too: the list holds this one once.)
    expect(district.json<{ prisoners: { id: string }[] }>().prisoners.filter((p) => p.id === a.prisonerId)).toHaveLength(1);
    expect((await t.request('GET', `/api/cases/${a.caseId}`, { cookie: clerk })).statusCode).toBe(200);

    // A leaves: the case goes to B, and so does the row (still one, with the case).
    expect((await t.request('DELETE', `/api/family/prisoners/${a.prisonerId}/follow`, { cookie: a.cookie })).statusCode).toBe(200);
    const after = await list(clerk);
    expect(after.items.map((i) => [i.id, i.cases.map((c) => c.id)])).toEqual([[b.user.id, [a.caseId]]]);
    expect(after.counts.all).toBe(1);
    expect((await checkDerived(t.db)).total).toBe(0);
  });

  it('a relative who joins and then registers a case of the prisoner is listed with that case', async () => {
    const a = await registeringRelative();
    const clerk = await clerkOf(a.prisonId);
    const b = await signedInFamily();
    const inv = await invite(a.cookie, a.prisonerId);
    await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(inv.code) });
    expect((await list(clerk)).counts.all).toBe(1);
    await t.db.insert(cases).values({
      familyMemberId: b.user.id,
      prisonerId: a.prisonerId,
      caseNumber: 'FIR-B-1',
      detail: 'x',
      caseType: 'Criminal Defense Lawyer',
    });
    const page = await list(clerk);
    expect(page.items.map((i) => [i.id, i.cases.length]).sort()).toEqual(
      [
        [a.user.id, 1],
        [b.user.id, 1],
      ].sort(),
    );
    expect(page.counts.all).toBe(2);
    // Deleted again: B has no case and leaves the list.
    await t.db.delete(cases).where(eq(cases.caseNumber, 'FIR-B-1'));
    expect((await list(clerk)).items.map((i) => i.id)).toEqual([a.user.id]);
    expect((await checkDerived(t.db)).total).toBe(0);
  });
});

describe('at the same moment', () => {
  it('two relatives joining with one code: one joins, the other is told the code is used', async () => {
    const a = await registeringRelative();
    const b = await signedInFamily();
    const c = await signedInFamily('Third Relative');
    const inv = await invite(a.cookie, a.prisonerId);
    const answers = await Promise.all(
      [b, c].map((x) => t.request('POST', '/api/family/invitations/accept', { cookie: x.cookie, body: joinBody(inv.code) })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await t.db.select().from(prisonerFollowers).where(eq(prisonerFollowers.prisonerId, a.prisonerId))).toHaveLength(2);
  });

  it('the last two followers leaving at once: one leaves, the other stays (409), the prisoner is never left alone', async () => {
    const a = await registeringRelative();
    const b = await signedInFamily();
    const inv = await invite(a.cookie, a.prisonerId);
    await t.request('POST', '/api/family/invitations/accept', { cookie: b.cookie, body: joinBody(inv.code) });
    const answers = await Promise.all(
      [a, b].map((x) => t.request('DELETE', `/api/family/prisoners/${a.prisonerId}/follow`, { cookie: x.cookie })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(prisonerFollowers).where(eq(prisonerFollowers.prisonerId, a.prisonerId))).toHaveLength(1);
    expect(await t.db.select().from(cases).where(eq(cases.prisonerId, a.prisonerId))).toHaveLength(1);
    expect((await checkDerived(t.db)).total).toBe(0);
  });
});

describe('a request to a lawyer', () => {
  it('names the prisoner of each case the lawyer is asked about, before the lawyer accepts', async () => {
    const a = await registeringRelative();
    const lawyer = await createLawyer(t.db);
    await createLawyerRequest(t.db, { familyMemberId: a.user.id, lawyerId: lawyer.user.id });
    const res = await t.request('GET', '/api/lawyers/requests', { cookie: await sessionCookie(t.db, lawyer.user.id) });
    expect(res.statusCode).toBe(200);
    const [request] = res.json<{ requests: { familyMember: { cases: { id: string; prisonerName: string }[] } }[] }>().requests;
    expect(request?.familyMember.cases).toEqual([expect.objectContaining({ id: a.caseId, prisonerName: 'रमेश कुमार' })]);
  });
});

describe('the routes', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const routes: [string, string, string][] = [
    ['GET', '/api/family/prisoners', '/api/family/prisoners'],
    ['POST', '/api/family/prisoners/{prisonerId}/invitations', `/api/family/prisoners/${id}/invitations`],
    ['DELETE', '/api/family/prisoners/{prisonerId}/follow', `/api/family/prisoners/${id}/follow`],
    ['POST', '/api/family/invitations/look-up', '/api/family/invitations/look-up'],
    ['POST', '/api/family/invitations/accept', '/api/family/invitations/accept'],
  ];

  it('are declared Family-Member only in the OpenAPI document, and refuse other roles (403) and the signed-out (401)', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).json();
    const lawyer = await createLawyer(t.db);
    const jail = await createUser(t.db, { role: 'Jail-Authority' });
    for (const [method, pattern, url] of routes) {
      expect(doc.paths[pattern][method.toLowerCase()]['x-roles'], `${method} ${pattern}`).toEqual(['Family-Member']);
      expect((await t.request(method as 'GET', url)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [lawyer.user.id, jail.id]) {
        const res = await t.request(method, url, {
          cookie: await sessionCookie(t.db, who),
          body: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});
