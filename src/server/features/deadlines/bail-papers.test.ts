// The papers of the money route at the API boundary (bail-papers.routes.ts): each side reads what its paper is
// filled from (the family's request to the DLSA, the jail's intimation, the lawyer's application to relax
// the conditions), nobody else does (401, 403, 404), every read is in the access log, and the jail's
// printed intimation records the DLSA as informed once (docs/decisions/0055-jail-intimation-informs-the-dlsa.md).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BailPapers } from '#shared/bail-money-route.ts';
import { addDays, todayInIndia } from '#shared/release.ts';
import { accessLog, auditEvents, cases, prisoners, prisons, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import {
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  sessionCookie,
  uniqueEmail,
} from '#tests/factories.ts';

const t = useTestApp();
let n = 0;

async function world(bail = true) {
  n++;
  const district = `Paperpur ${n} ${Date.now().toString(36)}`;
  const [prison] = await t.db
    .insert(prisons)
    .values({
      name: `Paper Jail ${district}`,
      district,
      state: 'MH',
      dlsaEmail: uniqueEmail('dlsa'),
      dlsaName: 'Secretary, DLSA Pune',
      dlsaAddress: 'District Court, Shivajinagar',
    })
    .returning();
  const fm = await createFamilyMember(t.db, { name: 'Kamla Devi', cases: [{ caseNumber: `PAPER-${n}` }] });
  const c = fm.cases[0]!;
  await t.db.update(prisoners).set({ prisonId: prison!.id }).where(eq(prisoners.id, c.prisonerId));
  const today = todayInIndia();
  if (bail)
    await t.db
      .update(cases)
      .set({
        prisonerName: 'Ramesh Kumar',
        custodySince: addDays(today, -40),
        offences: [{ code: 'hurt', label: null, maxMonths: 12, life: false, death: false }],
        bailGrantedOn: addDays(today, -8),
        bailCourt: 'Sessions Court, Pune',
        bailBondAmount: 20000,
        bailSureties: 1,
        bailSuretyAmount: 20000,
        bailConditions: 'Report weekly.',
      })
      .where(eq(cases.id, c.id));
  const lawyer = await createLawyer(t.db);
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
  const pending = await createLawyer(t.db);
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: pending.user.id });
  const jail = await createJailAuthority(t.db);
  await t.db.update(users).set({ prisonId: prison!.id }).where(eq(users.id, jail.id));
  const otherJail = await createJailAuthority(t.db);
  const [otherPrison] = await t.db
    .insert(prisons)
    .values({ name: `Other Jail ${district}`, district, state: 'MH', dlsaEmail: uniqueEmail('dlsa') })
    .returning();
  await t.db.update(users).set({ prisonId: otherPrison!.id }).where(eq(users.id, otherJail.id));
  const other = await createFamilyMember(t.db);
  const [dlsa] = await t.db
    .insert(users)
    .values({ role: 'DLSA', name: 'DLSA', email: uniqueEmail('dlsa'), passwordHash: 'x', scopeState: 'MH', scopeDistrict: district })
    .returning();
  return {
    caseId: c.id,
    today,
    family: await sessionCookie(t.db, fm.user.id),
    lawyer: await sessionCookie(t.db, lawyer.user.id),
    pendingLawyer: await sessionCookie(t.db, pending.user.id),
    jail: await sessionCookie(t.db, jail.id),
    jailId: jail.id,
    otherJail: await sessionCookie(t.db, otherJail.id),
    otherFamily: await sessionCookie(t.db, other.user.id),
    dlsa: await sessionCookie(t.db, dlsa!.id, { secondFactor: true }),
  };
}

const papers = (caseId: string, cookie?: string) => t.request('GET', `/api/cases/${caseId}/bail-papers`, cookie ? { cookie } : {});
const intimation = (caseId: string, cookie?: string, body: object = { how: 'printed' }) =>
  t.request('POST', `/api/cases/${caseId}/dlsa-intimation`, { ...(cookie ? { cookie } : {}), body });

describe('bail papers', () => {
  it('each side reads the facts its paper is filled from, and is offered its own paper only', async () => {
    const w = await world();
    const family = await papers(w.caseId, w.family);
    expect(family.statusCode).toBe(200);
    expect(family.json<BailPapers>()).toMatchObject({
      caseNumber: expect.stringMatching(/^PAPER-/),
      prisonerName: 'Ramesh Kumar',
      familyName: 'Kamla Devi',
      court: 'Sessions Court, Pune',
      bailGrantedOn: addDays(w.today, -8),
      order: { bondAmount: 20000, sureties: 1, suretyAmount: 20000, conditions: 'Report weekly.' },
      fund: { dlsaInformedOn: null, dlsaRecommendedOn: null, committeeDecidedOn: null },
      prison: { state: 'MH', dlsaName: 'Secretary, DLSA Pune', dlsaAddress: 'District Court, Shivajinagar' },
      can: ['dlsa-request'],
    });
    expect((await papers(w.caseId, w.lawyer)).json<BailPapers>().can).toEqual(['relax-conditions']);
    expect((await papers(w.caseId, w.jail)).json<BailPapers>().can).toEqual(['dlsa-intimation']);
  });

  it('hidden from everyone else: signed out 401, the DLSA 403 (its desk is its way), others 404', async () => {
    const w = await world();
    expect((await papers(w.caseId)).statusCode).toBe(401);
    expect((await papers(w.caseId, w.dlsa)).statusCode).toBe(403);
    for (const cookie of [w.otherFamily, w.otherJail, w.pendingLawyer]) expect((await papers(w.caseId, cookie)).statusCode).toBe(404);
    expect((await papers('00000000-0000-4000-8000-000000000000', w.family)).statusCode).toBe(404);
    expect((await papers('not-a-uuid', w.family)).statusCode).toBe(400);
  });

  it('every read of the papers is in the access log, naming the prisoner', async () => {
    const w = await world();
    await papers(w.caseId, w.lawyer);
    const rows = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.ref, w.caseId), eq(accessLog.what, 'case.bail-papers')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'read', actorRole: 'Lawyer' });
    expect(rows[0]!.prisonerId).not.toBeNull();
  });

  it('the jail’s printed intimation records the DLSA as informed today, once; a reprint keeps the day', async () => {
    const w = await world();
    for (const cookie of [w.family, w.lawyer, w.dlsa]) expect((await intimation(w.caseId, cookie)).statusCode).toBe(403);
    expect((await intimation(w.caseId, w.otherJail)).statusCode).toBe(404);
    expect((await intimation(w.caseId, w.jail, { how: 'emailed' })).statusCode).toBe(400);
    const first = await intimation(w.caseId, w.jail);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ dlsaInformedOn: w.today, recorded: true });
    const [row] = await t.db.select({ informed: cases.dlsaInformedOn }).from(cases).where(eq(cases.id, w.caseId));
    expect(row!.informed).toBe(w.today);
    expect((await intimation(w.caseId, w.jail)).json()).toEqual({ dlsaInformedOn: w.today, recorded: false });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, w.caseId), eq(auditEvents.action, 'bail.intimation-printed')));
    expect(audits).toHaveLength(2);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.ref, w.caseId), eq(accessLog.action, 'export')));
    expect(logged).toHaveLength(2);
    // The family now reads the DLSA's 5 days in its case list.
    const list = (await t.request('GET', '/api/family/cases', { cookie: w.family })).json<{
      cases: { id: string; bail: { fund: object } }[];
    }>();
    expect(list.cases.find((c) => c.id === w.caseId)!.bail.fund).toMatchObject({ dlsaInformedOn: w.today });
  });

  it('a prison the family typed (not a record) still names the prison on the papers', async () => {
    const w = await world();
    const [c] = await t.db.select({ prisonerId: cases.prisonerId }).from(cases).where(eq(cases.id, w.caseId));
    await t.db.update(prisoners).set({ prisonId: null, prisonOther: 'Jila Karagar Hardoi' }).where(eq(prisoners.id, c!.prisonerId));
    const got = (await papers(w.caseId, w.family)).json<BailPapers>();
    expect(got.prison).toMatchObject({ name: 'Jila Karagar Hardoi', state: null });
  });

  it('the DLSA’s desk reads the offences: an excluded one shows the fund refused, a bailable one is not claimed excluded', async () => {
    const w = await world();
    await t.db
      .update(cases)
      .set({ dlsaInformedOn: addDays(w.today, -1), offences: [{ code: 'rape', label: null, maxMonths: null, life: true, death: false }] })
      .where(eq(cases.id, w.caseId));
    type Desk = { cases: { caseId: string; stage: string; recommendBy: string | null }[] };
    const desk = (await t.request('GET', '/api/dlsa/bail-desk', { cookie: w.dlsa })).json<Desk>();
    expect(desk.cases.find((c) => c.caseId === w.caseId)).toMatchObject({ stage: 'fund-excluded', recommendBy: null });
    await t.db
      .update(cases)
      .set({ offences: [{ code: 'hurt', label: null, maxMonths: 12, life: false, death: false }] })
      .where(eq(cases.id, w.caseId));
    const again = (await t.request('GET', '/api/dlsa/bail-desk', { cookie: w.dlsa })).json<Desk>();
    expect(again.cases.find((c) => c.caseId === w.caseId)).toMatchObject({ stage: 'dlsa-to-recommend', recommendBy: addDays(w.today, 4) });
  });

  it('no intimation without a bail order (409), and nothing recorded', async () => {
    const w = await world(false);
    const res = await intimation(w.caseId, w.jail);
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select({ informed: cases.dlsaInformedOn }).from(cases).where(eq(cases.id, w.caseId));
    expect(row!.informed).toBeNull();
  });
});
