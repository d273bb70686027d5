// Legal-aid applications and the UTRC list (docs/law.md#free-legal-aid,
// docs/law.md#undertrial-review-committees): the family files for a prisoner it follows; the DLSA of the
// prison's district (another district's gets 404) sees its inbox with the 7-day clock and accepts,
// assigning a verified lawyer who becomes the family's lawyer, or refuses with a reason; a late decision
// escalates once; the UTRC list groups the district's prisoners by category from the stored dates.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, todayInIndia } from '#shared/release.ts';
import { LegalAidInboxSchema, type FamilyLegalAidList, type LegalAidInbox } from '#shared/legal-aid.ts';
import { UTRC_SCREEN_ROWS, UtrcListSchema, type UtrcList } from '#shared/utrc.ts';
import { checkDerived } from '#server/db/derived.ts';
import { DATA_MOVES, moveData } from '#server/db/migrate.ts';
import { accessLog, cases, emailOutbox, notifications, users } from '#server/db/schema.ts';
import { advanceReleaseClock } from '#server/lib/case-facts.ts';
import { runDeadlinePass } from '#server/features/deadlines/deadlines.scheduler.ts';
import { createFamilyMember, createLawyer, createUser, sessionCookie } from '#tests/factories.ts';
import { useTestApp } from '#tests/test-app.ts';

const t = useTestApp();
const T = todayInIndia();
let seq = 0;

const rows = <R>(r: unknown): R[] => (r as { rows?: R[] }).rows ?? (r as R[]);

async function prison(district: string) {
  const admin = await sessionCookie(t.db, (await createUser(t.db, { role: 'State-Administrator' })).id);
  const res = await t.request('POST', '/api/prisons', {
    cookie: admin,
    body: {
      name: `District Jail ${district} ${++seq}`,
      state: 'UP',
      district,
      type: 'district',
      dlsaName: `DLSA ${district}`,
      dlsaPhone: '05862-242001',
      dlsaEmail: `dlsa.${district.toLowerCase()}@example.org`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function dlsa(district: string) {
  const user = await createUser(t.db, { role: 'DLSA' });
  await t.db.update(users).set({ scopeState: 'UP', scopeDistrict: district }).where(eq(users.id, user.id));
  return { id: user.id, cookie: await sessionCookie(t.db, user.id) };
}

/** A family registered on /fmform with its first case's facts, the prisoner held in `prisonId`. */
async function family(prisonerName: string, prisonId: string, facts: Record<string, unknown> = {}) {
  const member = await createFamilyMember(t.db, { cases: [] });
  const cookie = await sessionCookie(t.db, member.user.id);
  const res = await t.request('PUT', '/api/family/registration', {
    cookie,
    body: {
      phone: '9876543210',
      address: 'Village Rampur',
      caseNumber: `FIR-${++seq}`,
      detail: 'Theft',
      caseType: 'Criminal Defense Lawyer',
      facts: { prisonerName, prisonerRelation: 'husband', ...facts },
      prisonId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [p] = rows<{ prisoner_id: string; case_id: string }>(
    await t.db.execute(
      sql`select f.prisoner_id, c.id as case_id from prisoner_followers f join cases c on c.prisoner_id = f.prisoner_id where f.family_member_id = ${member.user.id}`,
    ),
  );
  return { id: member.user.id, cookie, prisonerId: p!.prisoner_id, caseId: p!.case_id };
}

describe('legal-aid applications', () => {
  it('the family files; one pending per prisoner; only the district DLSA sees and decides it (404 elsewhere); accept makes the lawyer the family’s', async () => {
    const sitapur = await prison('Sitapur');
    const d1 = await dlsa('Sitapur');
    const d2 = await dlsa('Lucknow');
    const fam = await family('Ramesh Kumar', sitapur);
    const stranger = await family('Someone Else', sitapur);

    // Another family cannot file for a prisoner it does not follow.
    expect(
      (await t.request('POST', '/api/family/legal-aid', { cookie: stranger.cookie, body: { prisonerId: fam.prisonerId } })).statusCode,
    ).toBe(404);
    const filed = await t.request('POST', '/api/family/legal-aid', {
      cookie: fam.cookie,
      body: { prisonerId: fam.prisonerId, note: 'No money for a lawyer' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const app = filed.json<{ id: string; dueOn: string }>();
    expect(app.dueOn).toBe(addDays(T, 7));
    const again = await t.request('POST', '/api/family/legal-aid', { cookie: fam.cookie, body: { prisonerId: fam.prisonerId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('legal_aid_pending');

    // The district's DLSA sees it; another district's does not, and cannot act on it.
    const inbox = (await t.request('GET', '/api/dlsa/legal-aid', { cookie: d1.cookie })).json<LegalAidInbox>();
    const item = inbox.applications.find((a) => a.id === app.id);
    expect(item).toMatchObject({
      prisonerName: 'Ramesh Kumar',
      dueOn: addDays(T, 7),
      overdue: false,
      note: 'No money for a lawyer',
      relation: 'husband',
    });
    const other = (await t.request('GET', '/api/dlsa/legal-aid', { cookie: d2.cookie })).json<LegalAidInbox>();
    expect(other.applications.map((a) => a.id)).not.toContain(app.id);
    // Sent as JSON text (jsonTextOf): byte for byte what the schema's serialiser would send.
    const text = (await t.request('GET', '/api/dlsa/legal-aid', { cookie: d1.cookie })).body;
    expect(text).toBe(JSON.stringify(LegalAidInboxSchema.parse(JSON.parse(text))));
    const lawyer = await createLawyer(t.db, { name: 'Adv. Sharma', location: { state: 'UP', district: 'Sitapur' } });
    const unverified = await createLawyer(t.db, { name: 'Adv. New', verified: false, location: { state: 'UP', district: 'Sitapur' } });
    expect(
      (await t.request('POST', `/api/dlsa/legal-aid/${app.id}/accept`, { cookie: d2.cookie, body: { lawyerId: lawyer.user.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request('POST', `/api/dlsa/legal-aid/${app.id}/refuse`, { cookie: d2.cookie, body: { reason: 'Not our district at all' } }))
        .statusCode,
    ).toBe(404);
    // The family may not decide; a jail may not read the inbox.
    expect(
      (await t.request('POST', `/api/dlsa/legal-aid/${app.id}/accept`, { cookie: fam.cookie, body: { lawyerId: lawyer.user.id } }))
        .statusCode,
    ).toBe(403);

    // The lawyers a DLSA may assign: verified ones of its district.
    const choices = (await t.request('GET', '/api/legal-aid/lawyers', { cookie: d1.cookie })).json<{ lawyers: { id: string }[] }>();
    expect(choices.lawyers.map((l) => l.id)).toContain(lawyer.user.id);
    expect(choices.lawyers.map((l) => l.id)).not.toContain(unverified.user.id);

    const refusedLawyer = await t.request('POST', `/api/dlsa/legal-aid/${app.id}/accept`, {
      cookie: d1.cookie,
      body: { lawyerId: unverified.user.id },
    });
    expect(refusedLawyer.json().error.code).toBe('lawyer_not_verified');
    const accepted = await t.request('POST', `/api/dlsa/legal-aid/${app.id}/accept`, {
      cookie: d1.cookie,
      body: { lawyerId: lawyer.user.id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: app.id, status: 'accepted' });
    expect(
      (
        await t.request('POST', `/api/dlsa/legal-aid/${app.id}/refuse`, { cookie: d1.cookie, body: { reason: 'Changed my mind about it' } })
      ).json().error.code,
    ).toBe('request_decided');

    // The family sees the lawyer on its application and as its accepted lawyer; the lawyer has the client.
    const mine = (await t.request('GET', '/api/family/legal-aid', { cookie: fam.cookie })).json<FamilyLegalAidList>();
    expect(mine.applications[0]).toMatchObject({
      id: app.id,
      status: 'accepted',
      lawyer: { name: 'Adv. Sharma', phone: '9811111111' },
      refusalReason: null,
    });
    const cases = (await t.request('GET', '/api/family/cases', { cookie: fam.cookie })).json<{
      cases: { lawyers: { id: string; status: string }[] }[];
    }>();
    expect(cases.cases[0]!.lawyers).toContainEqual(expect.objectContaining({ id: lawyer.user.id, status: 'accepted' }));
    const lawyerCookie = await sessionCookie(t.db, lawyer.user.id);
    const clientsRes = await t.request('GET', '/api/lawyers/clients', { cookie: lawyerCookie });
    expect(clientsRes.statusCode, clientsRes.body).toBe(200);
    const clients = clientsRes.json<{ clients: { id: string; legalAid: boolean }[] }>();
    expect(clients.clients.find((c) => c.id === fam.id)?.legalAid).toBe(true);
    const [marked] = rows<{ legal_aid_application_id: string }>(
      await t.db.execute(
        sql`select legal_aid_application_id from lawyer_requests where family_member_id = ${fam.id} and lawyer_id = ${lawyer.user.id}`,
      ),
    );
    expect(marked!.legal_aid_application_id).toBe(app.id);
    // Told: the family and the lawyer.
    const kinds = await t.db
      .select({ kind: notifications.kind, userId: notifications.userId })
      .from(notifications)
      .where(sql`kind like 'legal_aid_%'`);
    expect(kinds).toContainEqual({ kind: 'legal_aid_accepted', userId: fam.id });
    expect(kinds).toContainEqual({ kind: 'legal_aid_assigned', userId: lawyer.user.id });

    // Every read of the inbox and decision is in the access log.
    const logged = await t.db.select({ what: accessLog.what }).from(accessLog).where(eq(accessLog.actorId, d1.id));
    expect(logged.map((l) => l.what)).toEqual(expect.arrayContaining(['dlsa.legal-aid', 'prisoner.legal-aid']));
  });

  it('a refusal carries a reason the family reads; a released prisoner or one with no prison on record is refused with a clear error', async () => {
    const sitapur = await prison('Sitapur');
    const d1 = await dlsa('Sitapur');
    const fam = await family('Suresh', sitapur);
    const app = (await t.request('POST', '/api/family/legal-aid', { cookie: fam.cookie, body: { prisonerId: fam.prisonerId } })).json<{
      id: string;
    }>();
    const short = await t.request('POST', `/api/dlsa/legal-aid/${app.id}/refuse`, { cookie: d1.cookie, body: { reason: 'no' } });
    expect(short.statusCode).toBe(400);
    const refused = await t.request('POST', `/api/dlsa/legal-aid/${app.id}/refuse`, {
      cookie: d1.cookie,
      body: { reason: 'He has a private lawyer on record in this case.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const mine = (await t.request('GET', '/api/family/legal-aid', { cookie: fam.cookie })).json<FamilyLegalAidList>();
    expect(mine.applications[0]).toMatchObject({
      status: 'refused',
      refusalReason: 'He has a private lawyer on record in this case.',
      lawyer: null,
    });
    // Decided, so the family may apply again.
    expect(
      (await t.request('POST', '/api/family/legal-aid', { cookie: fam.cookie, body: { prisonerId: fam.prisonerId } })).statusCode,
    ).toBe(201);

    await t.db.execute(sql`update prisoners set prison_id = null, prison_other = 'Unknown Jail' where id = ${fam.prisonerId}`);
    await t.db.execute(
      sql`update legal_aid_applications set status = 'refused', decided_at = now(), refusal_reason = 'test' where prisoner_id = ${fam.prisonerId}`,
    );
    const noPrison = await t.request('POST', '/api/family/legal-aid', { cookie: fam.cookie, body: { prisonerId: fam.prisonerId } });
    expect(noPrison.json().error.code).toBe('no_prison_on_record');
    const bad = await t.request('POST', '/api/family/legal-aid', { cookie: fam.cookie, body: { prisonerId: fam.prisonerId, extra: 1 } });
    expect(bad.statusCode).toBe(400);
  });

  it('the 7-day clock: overdue in the inbox once the due day has passed; escalated once (family told, administrator emailed)', async () => {
    const sitapur = await prison('Sitapur');
    const d1 = await dlsa('Sitapur');
    const admin = await createUser(t.db, { role: 'State-Administrator' });
    const fam = await family('Mohan', sitapur);
    const app = (await t.request('POST', '/api/family/legal-aid', { cookie: fam.cookie, body: { prisonerId: fam.prisonerId } })).json<{
      id: string;
    }>();
    // Not late on its due day.
    await t.db.execute(sql`update legal_aid_applications set due_on = ${T}::date where id = ${app.id}`);
    expect(
      (await runDeadlinePass(t.db, { now: new Date(), publicUrl: 'http://localhost:3000' })).filter((k) => k.startsWith('legal-aid-late:')),
    ).not.toContain(`legal-aid-late:${app.id}`);
    let inbox = (await t.request('GET', '/api/dlsa/legal-aid', { cookie: d1.cookie })).json<LegalAidInbox>();
    expect(inbox.applications.find((a) => a.id === app.id)?.overdue).toBe(false);
    // The day after: late.
    await t.db.execute(sql`update legal_aid_applications set due_on = ${addDays(T, -1)}::date where id = ${app.id}`);
    inbox = (await t.request('GET', '/api/dlsa/legal-aid', { cookie: d1.cookie })).json<LegalAidInbox>();
    expect(inbox.applications.find((a) => a.id === app.id)?.overdue).toBe(true);
    expect(
      (await t.request('GET', '/api/family/legal-aid', { cookie: fam.cookie })).json<FamilyLegalAidList>().applications[0]!.overdue,
    ).toBe(true);

    const first = await runDeadlinePass(t.db, { now: new Date(), publicUrl: 'http://localhost:3000' });
    expect(first).toContain(`legal-aid-late:${app.id}`);
    const second = await runDeadlinePass(t.db, { now: new Date(), publicUrl: 'http://localhost:3000' });
    expect(second).not.toContain(`legal-aid-late:${app.id}`);
    const told = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${fam.id} and kind = 'legal_aid_late_family'`);
    expect(told).toHaveLength(1);
    const [adminRow] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, admin.id));
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, adminRow!.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Mohan');
  });

  it('the inbox pages by due day with a cursor; a bad cursor is refused', async () => {
    const district = `Hardoi`;
    const p = await prison(district);
    const d = await dlsa(district);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const fam = await family(`Prisoner ${i}`, p);
      ids.push(
        (await t.request('POST', '/api/family/legal-aid', { cookie: fam.cookie, body: { prisonerId: fam.prisonerId } })).json<{
          id: string;
        }>().id,
      );
    }
    const page = (await t.request('GET', '/api/dlsa/legal-aid', { cookie: d.cookie })).json<LegalAidInbox>();
    expect(page.applications.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(page.nextCursor).toBeNull();
    expect((await t.request('GET', '/api/dlsa/legal-aid?after=nonsense', { cookie: d.cookie })).statusCode).toBe(400);
  });
});

describe('the UTRC list', () => {
  it('groups the district’s prisoners by category from the stored dates, other districts left out', async () => {
    const sitapur = await prison('Bahraich');
    const elsewhere = await prison('Gonda');
    const d = await dlsa('Bahraich');
    const theft = [{ code: 'theft' }]; // 3 years: half is 18 months; default bail after 60 days
    // Eligible now: 20 months in custody, charge-sheet filed in time.
    const eligible = await family('Eligible Now', sitapur, {
      custodySince: addMonths(T, -20),
      offences: theft,
      chargesheetFiledOn: addMonths(T, -19),
    });
    // Within 30 days: 18 months less 10 days.
    const soon = await family('Eligible Soon', sitapur, {
      custodySince: addDays(addMonths(T, -18), 10),
      offences: theft,
      chargesheetFiledOn: addMonths(T, -17),
    });
    // Past the maximum: 37 months (also past half).
    const past = await family('Past Maximum', sitapur, {
      custodySince: addMonths(T, -37),
      offences: theft,
      chargesheetFiledOn: addMonths(T, -36),
    });
    // Default bail due: 70 days, no charge-sheet.
    const dflt = await family('Default Bail', sitapur, { custodySince: addDays(T, -70), offences: theft });
    // Bailed, not released: a bail order 10 days ago.
    const bailed = await family('Bailed Out', sitapur, {
      custodySince: addDays(T, -30),
      offences: theft,
      chargesheetFiledOn: addDays(T, -20),
    });
    await t.db.execute(sql`update cases set bail_granted_on = ${addDays(T, -10)}::date where id = ${bailed.caseId}`);
    // Nothing due: 2 months, charge-sheet filed.
    const none = await family('Nothing Due', sitapur, {
      custodySince: addMonths(T, -2),
      offences: theft,
      chargesheetFiledOn: addDays(T, -40),
    });
    // Another district's eligible prisoner.
    const other = await family('Other District', elsewhere, {
      custodySince: addMonths(T, -20),
      offences: theft,
      chargesheetFiledOn: addMonths(T, -19),
    });
    // S.478: every offence bailable (hurt, criminal intimidation) and a week or more in custody.
    const hurt = [{ code: 'hurt' }];
    const bailableWeek = await family('Bailable Week', sitapur, { custodySince: addDays(T, -10), offences: hurt });
    const exactlyWeek = await family('Bailable Seven Days', sitapur, {
      custodySince: addDays(T, -7),
      offences: [{ code: 'hurt' }, { code: 'criminal-intimidation' }],
    });
    const underWeek = await family('Bailable Six Days', sitapur, { custodySince: addDays(T, -6), offences: hurt });
    const mixed = await family('Hurt And Theft', sitapur, { custodySince: addDays(T, -10), offences: [{ code: 'hurt' }, ...theft] });
    // Alleged theft, but the court framed only hurt: the framed charges count.
    const framed = await family('Framed Hurt', sitapur, {
      custodySince: addDays(T, -12),
      offences: theft,
      chargesFramedOn: addDays(T, -2),
      chargesFramed: hurt,
    });
    // Bail granted for a bailable offence and the bond not furnished: S.478's indigent, in both groups.
    const bailedBailable = await family('Bailed Bailable', sitapur, { custodySince: addDays(T, -20), offences: hurt });
    await t.db.execute(sql`update cases set bail_granted_on = ${addDays(T, -9)}::date where id = ${bailedBailable.caseId}`);
    // The bond furnished: the jail's release is awaited, not the person's means.
    const furnished = await family('Bond Furnished', sitapur, { custodySince: addDays(T, -20), offences: hurt });
    await t.db.execute(sql`update cases set bail_granted_on = ${addDays(T, -9)}::date, bail_furnished_on = ${addDays(T, -1)}::date
      where id = ${furnished.caseId}`);
    const otherBailable = await family('Other Bailable', elsewhere, { custodySince: addDays(T, -10), offences: hurt });
    // Moved here from the other district's prison: listed under this one (the case carries the prison).
    const movedIn = await family('Moved In', elsewhere, { custodySince: addDays(T, -15), offences: hurt });
    await t.db.execute(sql`update prisoners set prison_id = ${sitapur}::uuid where id = ${movedIn.prisonerId}`);
    await advanceReleaseClock(t.db, T);

    const res = await t.request('GET', '/api/dlsa/utrc', { cookie: d.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<UtrcList>();
    expect(list).toMatchObject({ state: 'UP', district: 'Bahraich' });
    const of = (c: string) =>
      list.categories
        .find((x) => x.category === c)!
        .rows.map((r) => r.prisonerId)
        .sort();
    expect(of('eligible-now')).toEqual([eligible.prisonerId, past.prisonerId].sort());
    expect(of('eligible-soon')).toEqual([soon.prisonerId]);
    expect(of('past-maximum')).toEqual([past.prisonerId]);
    expect(of('default-bail-due')).toEqual([dflt.prisonerId]);
    expect(of('bailed-not-released')).toEqual([bailed.prisonerId, bailedBailable.prisonerId, furnished.prisonerId].sort());
    expect(of('bailed-not-released')).not.toContain(bailableWeek.prisonerId);
    expect(of('bailable-week')).toEqual(
      [bailableWeek.prisonerId, exactlyWeek.prisonerId, framed.prisonerId, bailedBailable.prisonerId, movedIn.prisonerId].sort(),
    );
    for (const out of [underWeek, mixed, furnished, otherBailable, none, dflt]) expect(of('bailable-week')).not.toContain(out.prisonerId);
    expect(
      list.categories.find((x) => x.category === 'bailable-week')!.rows.find((r) => r.prisonerId === bailableWeek.prisonerId),
    ).toMatchObject({
      prisonerName: 'Bailable Week',
      caseId: bailableWeek.caseId,
      since: addDays(T, -10),
    });
    // Sent as JSON text (jsonTextOf): byte for byte what the schema's serialiser would send.
    expect(res.body).toBe(JSON.stringify(UtrcListSchema.parse(JSON.parse(res.body))));
    // The screen reads one category at a time: the same rows as the whole list's, that category only.
    for (const c of list.categories) {
      const one = await t.request('GET', `/api/dlsa/utrc?category=${c.category}`, { cookie: d.cookie });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json<UtrcList>()).toEqual({ ...list, categories: [c] });
    }
    expect((await t.request('GET', '/api/dlsa/utrc?category=everyone', { cookie: d.cookie })).statusCode).toBe(400);
    const all = list.categories.flatMap((c) => c.rows.map((r) => r.prisonerId));
    expect(all).not.toContain(none.prisonerId);
    expect(all).not.toContain(other.prisonerId);
    const row = list.categories.find((x) => x.category === 'past-maximum')!.rows[0]!;
    expect(row).toMatchObject({ prisonerName: 'Past Maximum', caseId: past.caseId, since: addMonths(addMonths(T, -37), 36) });
    expect(
      list.categories.find((x) => x.category === 'bailed-not-released')!.rows.find((r) => r.prisonerId === bailed.prisonerId)!.since,
    ).toBe(addDays(T, -10));

    // Released yesterday: no longer in any group. The court framing theft after all: out of the S.478 group
    // (the family's save stores the case's bailability with its facts). Moved back to the other district:
    // on that district's list, no longer on this one.
    await t.db.execute(
      sql`update cases set released_on = ${addDays(T, -1)}::date where id in (${eligible.caseId}, ${bailableWeek.caseId})`,
    );
    const reframed = await t.request('PUT', `/api/cases/${framed.caseId}/facts`, {
      cookie: framed.cookie,
      body: {
        prisonerName: 'Framed Hurt',
        prisonerRelation: 'husband',
        custodySince: addDays(T, -12),
        offences: theft,
        chargesFramedOn: addDays(T, -2),
        chargesFramed: theft,
        version: 0,
      },
    });
    expect(reframed.statusCode, reframed.body).toBe(200);
    await t.db.execute(sql`update prisoners set prison_id = ${elsewhere}::uuid where id = ${movedIn.prisonerId}`);
    const after = (await t.request('GET', '/api/dlsa/utrc', { cookie: d.cookie })).json<UtrcList>();
    const listed = after.categories.flatMap((c) => c.rows.map((r) => r.prisonerId));
    for (const gone of [eligible, bailableWeek, framed, movedIn]) expect(listed).not.toContain(gone.prisonerId);
    expect(listed).toContain(exactlyWeek.prisonerId);
    const gondaDlsa = await dlsa('Gonda');
    const gonda = (await t.request('GET', '/api/dlsa/utrc', { cookie: gondaDlsa.cookie })).json<UtrcList>();
    const gondaWeek = gonda.categories
      .find((c) => c.category === 'bailable-week')!
      .rows.map((r) => r.prisonerId)
      .sort();
    expect(gondaWeek).toEqual([otherBailable.prisonerId, movedIn.prisonerId].sort());
    // The list is of the release clock's day, read in the same statement: also when nothing is listed.
    expect(after.asOf).toBe(T);
    const emptyDistrict = await dlsa('Shravasti');
    for (const url of ['/api/dlsa/utrc', '/api/dlsa/utrc?category=eligible-now']) {
      const empty = (await t.request('GET', url, { cookie: emptyDistrict.cookie })).json<UtrcList>();
      expect(empty.asOf, url).toBe(T);
      expect(
        empty.categories.every((c) => c.rows.length === 0 && !c.truncated),
        url,
      ).toBe(true);
    }

    // Only the DLSA; the read is logged with the prisoners it showed.
    const jail = await sessionCookie(t.db, (await createUser(t.db, { role: 'Jail-Authority' })).id);
    expect((await t.request('GET', '/api/dlsa/utrc', { cookie: jail })).statusCode).toBe(403);
    const [log] = await t.db
      .select({ shown: accessLog.shown })
      .from(accessLog)
      .where(sql`${accessLog.actorId} = ${d.id} and what = 'dlsa.utrc'`);
    expect(log!.shown).toEqual(expect.arrayContaining([eligible.prisonerId, bailed.prisonerId]));
  });

  it(`the screen's category shows its first ${UTRC_SCREEN_ROWS} and says there are more; the print view lists them all`, async () => {
    const p = await prison('Shravasti');
    const d = await dlsa('Shravasti');
    const ids: string[] = [];
    for (let i = 0; i <= UTRC_SCREEN_ROWS; i++)
      ids.push(
        (await family(`Week ${i}`, p, { custodySince: addDays(T, -10 - i), offences: [{ code: 'criminal-intimidation' }] })).prisonerId,
      );
    await advanceReleaseClock(t.db, T);
    const screen = (await t.request('GET', '/api/dlsa/utrc?category=bailable-week', { cookie: d.cookie })).json<UtrcList>();
    expect(screen.categories).toHaveLength(1);
    expect(screen.categories[0]!.rows).toHaveLength(UTRC_SCREEN_ROWS);
    expect(screen.categories[0]!.truncated).toBe(true);
    const print = (await t.request('GET', '/api/dlsa/utrc', { cookie: d.cookie })).json<UtrcList>();
    const week = print.categories.find((c) => c.category === 'bailable-week')!;
    expect(week.rows.map((r) => r.prisonerId).sort()).toEqual([...ids].sort());
    expect(week.truncated).toBe(false);
  });

  it('cases recorded before migration 0042 get their prison and bailability from its data move, and are then listed', async () => {
    const bahraich = await prison('Bahraich');
    const d = await dlsa('Bahraich');
    const before = await family('Before The Move', bahraich, {
      custodySince: addDays(T, -9),
      offences: [{ code: 'criminal-intimidation' }],
    });
    // As the case was before the migration: the new columns at their defaults.
    await t.db.update(cases).set({ allBailable: false, prisonId: null }).where(eq(cases.id, before.caseId));
    const listed = async () =>
      (await t.request('GET', '/api/dlsa/utrc', { cookie: d.cookie }))
        .json<UtrcList>()
        .categories.find((c) => c.category === 'bailable-week')!
        .rows.map((r) => r.prisonerId);
    expect(await listed()).not.toContain(before.prisonerId);
    const move = DATA_MOVES.find((m) => m.migration === '0042_cases_bailable_prison')!;
    // Not run when the migration was applied before; run when it is applied now.
    await moveData(t.db, move.when);
    expect(await listed()).not.toContain(before.prisonerId);
    await moveData(t.db, move.when - 1);
    expect(await listed()).toContain(before.prisonerId);
    expect(await checkDerived(t.db, { only: ['case-prison', 'case-all-bailable'] })).toEqual({ counts: {}, total: 0, sample: [] });
  });
});
