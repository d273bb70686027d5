// GET /api/family/summary: the signed-in member's own record for the chat assistant.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PersonalSummary } from '#shared/assistant.ts';
import type { CaseFactsInput } from '#shared/cases.ts';
import { addDays, todayInIndia } from '#shared/release.ts';
import { bailReviews, hearings, lawyerRequests, ngoAssignments } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, createLawyerRequest, createNgo, createUser, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

async function summaryOf(cookie: string) {
  const res = await t.request('GET', '/api/family/summary', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PersonalSummary>();
}

describe('GET /api/family/summary', () => {
  it('follows the member through the stages: no lawyer, requested, accepted (with phone), bail accepted, NGO', async () => {
    const m = await createFamilyMember(t.db, { cases: [{ caseNumber: 'FIR-1/2025' }] });
    const cookie = await sessionCookie(t.db, m.user.id);
    const first = await summaryOf(cookie);
    expect({ ...first, prisoners: undefined }).toEqual({
      stage: 'no_lawyer',
      cases: [{ caseNumber: 'FIR-1/2025', caseType: 'Criminal Defense Lawyer', cnr: null }],
      lawyer: null,
      ngo: null,
      bailAcceptedAt: null,
      releaseDate: null,
      nextHearing: null,
      prisoners: undefined,
    });
    // The status the family screens open with, per person in custody.
    expect(first.prisoners).toEqual([expect.objectContaining({ status: 'no-lawyer', next: 'request-lawyer', caseId: m.cases[0]!.id })]);

    const lawyer = await createLawyer(t.db, { name: 'Adv. Summary' });
    await createLawyerRequest(t.db, { familyMemberId: m.user.id, lawyerId: lawyer.user.id });
    expect(await summaryOf(cookie)).toMatchObject({
      stage: 'lawyer_requested',
      lawyer: { name: 'Adv. Summary', status: 'pending', phone: null },
    });

    await t.db
      .update(lawyerRequests)
      .set({ status: 'accepted', decidedAt: new Date() })
      .where(eq(lawyerRequests.familyMemberId, m.user.id));
    expect(await summaryOf(cookie)).toMatchObject({
      stage: 'lawyer_accepted',
      lawyer: { name: 'Adv. Summary', status: 'accepted', phone: lawyer.lawyer.phone },
    });

    const ngo = await createNgo(t.db, { name: 'Summary NGO' });
    await t.db.insert(ngoAssignments).values({ familyMemberId: m.user.id, ngoId: ngo.id });
    await t.db.insert(bailReviews).values({ familyMemberId: m.user.id });
    const last = await summaryOf(cookie);
    expect(last).toMatchObject({ stage: 'bail_accepted', ngo: { name: 'Summary NGO', contactInfo: ngo.contactInfo } });
    expect(last.prisoners).toEqual([
      expect.objectContaining({ status: 'bail-not-released', next: 'bond-and-surety', date: todayInIndia() }),
    ]);
    expect(Date.parse(last.bailAcceptedAt ?? '')).not.toBeNaN();
  });

  it('shows only the asker: another member’s lawyer and NGO never appear', async () => {
    const a = await createFamilyMember(t.db);
    const b = await createFamilyMember(t.db);
    const lawyer = await createLawyer(t.db, { name: 'Adv. Only B' });
    await createLawyerRequest(t.db, { familyMemberId: b.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    const s = await summaryOf(await sessionCookie(t.db, a.user.id));
    expect(s.lawyer).toBeNull();
    expect(s.stage).toBe('no_lawyer');
  });

  it('release date: the earliest S.479 date of the member’s cases; next hearing: the earliest one from today (India) with no outcome', async () => {
    // Three prisoners of one family (one prisoner's several cases would bar S.479's half and third rule: S.479(2)).
    const m = await createFamilyMember(t.db, {
      cases: [
        { caseNumber: 'FIR-A', prisonerName: 'Anil' },
        { caseNumber: 'FIR-B', prisonerName: 'Bablu' },
        { caseNumber: 'FIR-C', prisonerName: 'Chhotu' },
      ],
    });
    const [a, b, c] = m.cases.map((x) => x.id);
    const cookie = await sessionCookie(t.db, m.user.id);
    const other = await createFamilyMember(t.db);
    expect(await summaryOf(cookie)).toMatchObject({ releaseDate: null, nextHearing: null });

    const facts: CaseFactsInput = {
      custodySince: '2024-01-01',
      offences: [{ code: 'theft' }],
      firstOffence: false,
      otherPendingCases: 0,
      delayByAccusedDays: 0,
      chargesheetFiledOn: '2024-02-01',
    };
    const put = async (caseId: string | undefined, body: CaseFactsInput) => {
      // Each case is saved once, from the version it was created at.
      const res = await t.request('PUT', `/api/cases/${caseId}/facts`, { cookie, body: { ...body, version: 0 } });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Case A: half of theft's 36 months from 1 Jan 2024 → 1 Jul 2025.
    await put(a, facts);
    expect((await summaryOf(cookie)).releaseDate).toBe('2025-07-01');
    // Case B: first offence, one third from 1 Jun 2024 → 1 Jun 2025, earlier than A's.
    await put(b, { ...facts, custodySince: '2024-06-01', chargesheetFiledOn: '2024-07-01', firstOffence: true });
    // Case C: murder, S.479 does not apply (no date), so it changes nothing.
    await put(c, { ...facts, custodySince: '2023-01-01', offences: [{ code: 'murder' }] });
    // Another member's earlier date is not theirs.
    await t.request('PUT', `/api/cases/${other.cases[0]!.id}/facts`, {
      cookie: await sessionCookie(t.db, other.user.id),
      body: { ...facts, custodySince: '2023-01-01', firstOffence: true, version: 0 },
    });

    const today = todayInIndia();
    await t.db.insert(hearings).values([
      { caseId: a!, hearingOn: addDays(today, -1), court: 'Past Court', purpose: 'Evidence' },
      { caseId: b!, hearingOn: today, court: 'Decided Court', purpose: 'Bail', outcome: 'Adjourned' },
      { caseId: a!, hearingOn: addDays(today, 9), court: 'Later Court', purpose: 'Arguments' },
      { caseId: b!, hearingOn: addDays(today, 4), court: 'Saket District Court', purpose: 'Charges' },
      { caseId: other.cases[0]!.id, hearingOn: addDays(today, 1), court: 'Other Court', purpose: 'Bail' },
    ]);
    const s = await summaryOf(cookie);
    expect(s.releaseDate).toBe('2025-06-01');
    // One person (no name typed), eligible under S.479 since case A's date: legal aid at once, no lawyer yet.
    expect(s.prisoners).toEqual([
      expect.objectContaining({ prisonerName: null, status: 's479-eligible', next: 'legal-aid-now', s479On: '2025-07-01', caseId: a }),
    ]);
    expect(s.nextHearing).toEqual({ at: addDays(today, 4), court: 'Saket District Court' });

    // A hearing today without an outcome is the next one.
    await t.db.insert(hearings).values({ caseId: c!, hearingOn: today, court: 'Today Court', purpose: 'Remand' });
    expect((await summaryOf(cookie)).nextHearing).toEqual({ at: today, court: 'Today Court' });
  });

  it('runs the same number of statements for one case or many, with or without hearings', async () => {
    const few = await createFamilyMember(t.db);
    const many = await createFamilyMember(t.db, { cases: Array.from({ length: 6 }, (_, i) => ({ caseNumber: `MANY-${i}` })) });
    const today = todayInIndia();
    await t.db
      .insert(hearings)
      .values(many.cases.map((x, i) => ({ caseId: x.id, hearingOn: addDays(today, i), court: 'C', purpose: 'P' })));
    const fewCookie = await sessionCookie(t.db, few.user.id);
    const manyCookie = await sessionCookie(t.db, many.user.id);
    const small = await t.countQueries(() => t.request('GET', '/api/family/summary', { cookie: fewCookie }));
    const large = await t.countQueries(() => t.request('GET', '/api/family/summary', { cookie: manyCookie }));
    expect(large.result.json<PersonalSummary>().nextHearing?.at).toBe(today);
    expect(large.count).toBe(small.count);
  });

  it('401 signed out, 403 for other roles, 403 not_registered before /fmform', async () => {
    expect((await t.request('GET', '/api/family/summary')).statusCode).toBe(401);
    const lawyer = await createLawyer(t.db);
    expect((await t.request('GET', '/api/family/summary', { cookie: await sessionCookie(t.db, lawyer.user.id) })).statusCode).toBe(403);
    const fresh = await createUser(t.db, { role: 'Family-Member' });
    const res = await t.request('GET', '/api/family/summary', { cookie: await sessionCookie(t.db, fresh.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_registered');
  });
});
