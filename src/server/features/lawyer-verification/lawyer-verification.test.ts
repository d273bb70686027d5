// Lawyers verified before families see them (docs/decisions/0048-lawyers-verified-before-families-see-them.md):
// an unverified lawyer is not in the family's search; who may verify (the administrator, a jail of the
// lawyer's district; 404 for a jail of another district or of no prison, 403 for other roles);
// a changed enrolment waits again; bad input is a 400 that writes nothing.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LawyerSearch } from '#shared/family.ts';
import type { AwaitingLawyerList } from '#shared/lawyer-verification.ts';
import { auditEvents, lawyers, prisons, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, createUser, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();
const SITAPUR = { state: 'UP', district: 'Sitapur' };
const LUCKNOW = { state: 'UP', district: 'Lucknow' };

async function jailOf(place: { state: string; district: string } | null) {
  const user = await createUser(t.db, { role: 'Jail-Authority' });
  if (place) {
    const [prison] = await t.db
      .insert(prisons)
      .values({
        name: `District Jail ${place.district} ${user.id}`,
        district: place.district,
        state: place.state,
        dlsaEmail: 'dlsa@gmail.com',
      })
      .returning();
    await t.db.update(users).set({ prisonId: prison!.id }).where(eq(users.id, user.id));
  }
  return sessionCookie(t.db, user.id);
}

async function lawyerRow(id: string) {
  const [row] = await t.db.select().from(lawyers).where(eq(lawyers.userId, id));
  return row!;
}

const registration = {
  phone: '9811111111',
  address: '7 Court Road, Sitapur',
  lawyerType: 'Criminal Defense Lawyer',
  courtArea: 'Sitapur District Court',
  ...SITAPUR,
  barEnrolmentNumber: 'up/1234/2015',
  barCouncilState: 'UP',
};

describe('lawyer verification', () => {
  it('an unverified lawyer is not in the family search; once verified they are, marked verified', async () => {
    const family = await createFamilyMember(t.db, { location: SITAPUR, cases: [{ caseType: 'Criminal Defense Lawyer' }] });
    const familyCookie = await sessionCookie(t.db, family.user.id);
    const lawyerUser = await createUser(t.db, { role: 'Lawyer', name: 'Adv. Unverified Sitapur' });
    const lawyerCookie = await sessionCookie(t.db, lawyerUser.id);
    const saved = await t.request('PUT', '/api/lawyers/registration', { cookie: lawyerCookie, body: registration });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ barEnrolmentNumber: 'UP/1234/2015', barCouncilState: 'UP', verification: { status: 'awaiting' } });

    const before = (await t.request('GET', '/api/family/lawyers', { cookie: familyCookie })).json<LawyerSearch>();
    expect(before.lawyers.map((l) => l.id)).not.toContain(lawyerUser.id);

    const admin = await createUser(t.db, { role: 'State-Administrator' });
    const adminCookie = await sessionCookie(t.db, admin.id);
    const list = (await t.request('GET', '/api/lawyer-verification', { cookie: adminCookie })).json<AwaitingLawyerList>();
    expect(list.lawyers.map((l) => [l.id, l.barEnrolmentNumber])).toEqual([[lawyerUser.id, 'UP/1234/2015']]);

    const verified = await t.request('POST', `/api/lawyer-verification/${lawyerUser.id}/verify`, { cookie: adminCookie });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ id: lawyerUser.id, status: 'verified' });
    expect(await lawyerRow(lawyerUser.id)).toMatchObject({ verifiedBy: admin.id });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, lawyerUser.id), eq(auditEvents.action, 'lawyer.verified')));
    expect(audits.map((a) => a.actorId)).toEqual([admin.id]);

    const after = (await t.request('GET', '/api/family/lawyers', { cookie: familyCookie })).json<LawyerSearch>();
    expect(after.lawyers.find((l) => l.id === lawyerUser.id)).toMatchObject({ name: 'Adv. Unverified Sitapur', verified: true });
    expect((await t.request('GET', '/api/lawyers/registration', { cookie: lawyerCookie })).json()).toMatchObject({
      verification: { status: 'verified' },
    });
    // Answered: not in the list any more, and a second answer is a 409.
    expect((await t.request('GET', '/api/lawyer-verification', { cookie: adminCookie })).json<AwaitingLawyerList>().lawyers).toEqual([]);
    expect((await t.request('POST', `/api/lawyer-verification/${lawyerUser.id}/verify`, { cookie: adminCookie })).statusCode).toBe(409);
  });

  it('a jail of the lawyer’s district verifies; of another district or of no prison 404; a family or a lawyer 403', async () => {
    const lawyer = await createLawyer(t.db, { location: SITAPUR, verified: false });
    const other = await createLawyer(t.db, { location: LUCKNOW, verified: false });
    const sitapurJail = await jailOf(SITAPUR);
    const lucknowJail = await jailOf(LUCKNOW);
    const deploymentJail = await jailOf(null);
    const family = await sessionCookie(t.db, (await createFamilyMember(t.db)).user.id);
    const someLawyer = await sessionCookie(t.db, (await createLawyer(t.db)).user.id);

    const sitapurList = (await t.request('GET', '/api/lawyer-verification', { cookie: sitapurJail })).json<AwaitingLawyerList>();
    expect(sitapurList.lawyers.map((l) => l.id)).toEqual([lawyer.user.id]);
    const deploymentList = await t.request('GET', '/api/lawyer-verification', { cookie: deploymentJail });
    expect(deploymentList.json()).toEqual({ lawyers: [], nextCursor: null });

    const verify = (cookie: string, id = lawyer.user.id) => t.request('POST', `/api/lawyer-verification/${id}/verify`, { cookie });
    const lucknowTry = await verify(lucknowJail);
    expect(lucknowTry.statusCode).toBe(404);
    expect(lucknowTry.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await verify(deploymentJail)).statusCode).toBe(404);
    expect((await verify(family)).statusCode).toBe(403);
    expect((await verify(someLawyer)).statusCode).toBe(403);
    expect((await t.request('POST', `/api/lawyer-verification/${lawyer.user.id}/verify`)).statusCode).toBe(401);
    expect((await lawyerRow(lawyer.user.id)).verifiedAt).toBeNull();

    expect((await verify(sitapurJail)).statusCode).toBe(200);
    expect((await lawyerRow(lawyer.user.id)).verifiedAt).not.toBeNull();
    expect((await lawyerRow(other.user.id)).verifiedAt).toBeNull();
    // A lawyer who does not exist is the same 404.
    expect((await verify(sitapurJail, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a refusal needs a reason; the lawyer reads it; a corrected enrolment waits again', async () => {
    const lawyerUser = await createUser(t.db, { role: 'Lawyer' });
    const lawyerCookie = await sessionCookie(t.db, lawyerUser.id);
    await t.request('PUT', '/api/lawyers/registration', { cookie: lawyerCookie, body: registration });
    const adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'State-Administrator' })).id);
    const url = `/api/lawyer-verification/${lawyerUser.id}/reject`;

    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const res = await t.request('POST', url, { cookie: adminCookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation', message: expect.any(String), details: expect.any(Array) } });
    }
    expect(await lawyerRow(lawyerUser.id)).toMatchObject({ verificationRejectedAt: null, verifiedAt: null });

    expect((await t.request('POST', url, { cookie: adminCookie, body: { reason: 'No such number on the roll.' } })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/lawyers/registration', { cookie: lawyerCookie })).json()).toMatchObject({
      verification: { status: 'rejected', reason: 'No such number on the roll.' },
    });
    const corrected = await t.request('PUT', '/api/lawyers/registration', {
      cookie: lawyerCookie,
      body: { ...registration, barEnrolmentNumber: 'UP/1243/2015' },
    });
    expect(corrected.json()).toMatchObject({ verification: { status: 'awaiting', reason: null } });
  });

  it('editing the enrolment on the profile clears verification; the same enrolment keeps it', async () => {
    const { user } = await createLawyer(t.db, { location: SITAPUR });
    const cookie = await sessionCookie(t.db, user.id);
    const base = { name: user.name, phone: '9811111111', address: 'a', lawyerType: 'Criminal Defense Lawyer', courtArea: 'c' };
    const same = await lawyerRow(user.id);
    const keep = await t.request('PUT', '/api/profile/details', {
      cookie,
      body: { ...base, barEnrolmentNumber: same.barEnrolmentNumber, barCouncilState: same.barCouncilState },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect((await lawyerRow(user.id)).verifiedAt).not.toBeNull();
    // Without the enrolment the profile leaves it, and its verification, as they are.
    expect((await t.request('PUT', '/api/profile/details', { cookie, body: base })).statusCode).toBe(200);
    expect((await lawyerRow(user.id)).verifiedAt).not.toBeNull();

    const changed = await t.request('PUT', '/api/profile/details', {
      cookie,
      body: { ...base, barEnrolmentNumber: 'D/9999/2020', barCouncilState: 'DL' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ barEnrolmentNumber: 'D/9999/2020', barCouncilState: 'DL' });
    expect(await lawyerRow(user.id)).toMatchObject({ verifiedAt: null, verifiedBy: null });
  });

  it('a bad enrolment is a 400 with the field and writes nothing', async () => {
    const lawyerUser = await createUser(t.db, { role: 'Lawyer' });
    const cookie = await sessionCookie(t.db, lawyerUser.id);
    for (const bad of [
      { barEnrolmentNumber: 'ab' },
      { barEnrolmentNumber: 'no digits here' },
      { barEnrolmentNumber: '<script>1</script>' },
      { barCouncilState: 'XX' },
    ]) {
      const res = await t.request('PUT', '/api/lawyers/registration', { cookie, body: { ...registration, ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const body = res.json<{ error: { code: string; details: { path: string }[] } }>();
      expect(body.error.code).toBe('validation');
      expect(body.error.details.map((d) => d.path)).toContain(Object.keys(bad)[0]);
    }
    const { barEnrolmentNumber: _n, ...without } = registration;
    expect((await t.request('PUT', '/api/lawyers/registration', { cookie, body: without })).statusCode).toBe(400);
    expect(await t.db.select().from(lawyers).where(eq(lawyers.userId, lawyerUser.id))).toEqual([]);
    // A family member has no enrolment to edit.
    const family = await createFamilyMember(t.db);
    const res = await t.request('PUT', '/api/profile/details', {
      cookie: await sessionCookie(t.db, family.user.id),
      body: { name: 'F', phone: '9811111111', address: 'a', barEnrolmentNumber: 'D/1/2015', barCouncilState: 'DL' },
    });
    expect(res.statusCode).toBe(400);
  });
});
