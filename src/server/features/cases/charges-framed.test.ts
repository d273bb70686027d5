// Charges framed by the court (docs/law.md#section-479-bnss): once the lawyer or the jail records them, the
// release dates count from the offences charged rather than those first alleged, so a prisoner charged
// with a lesser offence may become eligible; the jail of the prisoner's prison, the family and its lawyers are told.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CaseDetail, CaseFactsInput } from '#shared/cases.ts';
import type { MembersPage } from '#shared/jail.ts';
import { checkDerived } from '#server/db/derived.ts';
import { caseEvents, cases, notifications, prisoners, prisons, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createUser, sessionCookie, uniqueEmail } from '#tests/factories.ts';

const t = useTestApp();

function call(method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'sec-fetch-site': 'same-origin', cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Robbery alleged (ten years at most), first offence, in custody since 1 January 2024: one third falls in May 2027. */
const alleged: CaseFactsInput = {
  prisonerName: 'Raju',
  custodySince: '2024-01-01',
  offences: [{ code: 'robbery' }],
  firstOffence: true,
  chargesheetFiledOn: '2024-02-01',
};

async function setUp(n: number) {
  const [prison] = await t.db
    .insert(prisons)
    .values({ name: `Framing Jail ${n}`, district: 'Lucknow', state: 'UP', dlsaEmail: uniqueEmail('dlsa') })
    .returning();
  const fm = await createFamilyMember(t.db, { name: 'Phoolmati', cases: [{ caseNumber: `FR-${n}/2024` }] });
  const c = fm.cases[0]!;
  await t.db.update(prisoners).set({ prisonId: prison!.id }).where(eq(prisoners.id, c.prisonerId));
  const jail = await createUser(t.db, { role: 'Jail-Authority', name: 'Jailor Verma' });
  await t.db.update(users).set({ prisonId: prison!.id }).where(eq(users.id, jail.id));
  const otherJail = await createUser(t.db, { role: 'Jail-Authority', name: 'Other Jailor' });
  const family = await sessionCookie(t.db, fm.user.id);
  const saved = await call('PUT', `/api/cases/${c.id}/facts`, family, { ...alleged, version: 0 });
  expect(saved.statusCode, saved.body).toBe(200);
  return { caseId: c.id, memberId: fm.user.id, family, jail: { id: jail.id, cookie: await sessionCookie(t.db, jail.id) }, otherJail };
}

const kindsOf = async (userId: string) =>
  (await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))).map((r) => r.kind);

describe('charges framed', () => {
  it('a lesser charge framed makes the prisoner eligible; the jail of his prison and the family are told', async () => {
    const s = await setUp(1);
    const before = (await call('GET', `/api/cases/${s.caseId}`, s.family)).json<CaseDetail>();
    expect(before.release).toMatchObject({ s479Status: 'counting', s479EligibleOn: '2027-05-01' });

    // The jail records theft (three years at most) as the charge framed: one third passed on 1 January 2025.
    const res = await call('PUT', `/api/cases/${s.caseId}/facts`, s.jail.cookie, {
      ...alleged,
      chargesFramedOn: '2025-03-10',
      chargesFramed: [{ code: 'theft' }],
      version: before.factsVersion,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<CaseDetail>();
    expect(after.facts.chargesFramedOn).toBe('2025-03-10');
    expect(after.facts.chargesFramed.map((o) => o.code)).toEqual(['theft']);
    // The alleged offences stay on record; the dates count from the charge.
    expect(after.facts.offences.map((o) => o.code)).toEqual(['robbery']);
    expect(after.release).toMatchObject({
      s479Status: 'counting',
      s479Fraction: '1/3',
      s479EligibleOn: '2025-01-01',
      maximumEndsOn: '2027-01-01',
    });

    const eligible = (await call('GET', '/api/jail/members?filter=eligible-now&pageSize=50', s.jail.cookie)).json<MembersPage>();
    expect(eligible.items.map((m) => m.id)).toContain(s.memberId);
    // Told: the family; not the jail that recorded it, nor a jail of another prison.
    expect(await kindsOf(s.memberId)).toContain('charges_framed');
    expect(await kindsOf(s.jail.id)).not.toContain('charges_framed');
    expect(await kindsOf(s.otherJail.id)).not.toContain('charges_framed');
    const [event] = await t.db
      .select({ details: caseEvents.details })
      .from(caseEvents)
      .where(and(eq(caseEvents.caseId, s.caseId), eq(caseEvents.actorId, s.jail.id)));
    expect((event!.details as { fields: string[] }).fields).toEqual(expect.arrayContaining(['chargesFramedOn', 'chargesFramed']));
    expect((await checkDerived(t.db, { only: ['case-release-dates', 'member-release-flags'] })).total).toBe(0);
  });

  it('charges framed by the family’s save tell the jail of the prison', async () => {
    const s = await setUp(2);
    const version = (await call('GET', `/api/cases/${s.caseId}`, s.family)).json<CaseDetail>().factsVersion;
    const res = await call('PUT', `/api/cases/${s.caseId}/facts`, s.family, {
      ...alleged,
      chargesFramedOn: '2025-03-10',
      chargesFramed: [{ code: 'theft' }],
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kindsOf(s.jail.id)).toContain('charges_framed');
    expect(await kindsOf(s.memberId)).not.toContain('charges_framed');
  });

  it('a date of framing in the future is refused and nothing changes', async () => {
    const s = await setUp(3);
    const version = (await call('GET', `/api/cases/${s.caseId}`, s.family)).json<CaseDetail>().factsVersion;
    const res = await call('PUT', `/api/cases/${s.caseId}/facts`, s.jail.cookie, {
      ...alleged,
      chargesFramedOn: '2999-01-01',
      chargesFramed: [{ code: 'theft' }],
      version,
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(cases).where(eq(cases.id, s.caseId));
    expect(row).toMatchObject({ chargesFramedOn: null, chargesFramed: [], s479EligibleOn: '2027-05-01' });
    expect(await kindsOf(s.memberId)).not.toContain('charges_framed');
  });
});
