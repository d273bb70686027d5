// A prisoner moved to another prison (docs/decisions/0047-jail-sees-its-own-prison.md): the jail of the prison
// they are held in moves them; the move is kept on the case; the old jail no longer sees them, the new one
// does; the family and the new jail are told.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CaseDetail } from '#shared/cases.ts';
import type { MembersPage } from '#shared/jail.ts';
import { checkDerived } from '#server/db/derived.ts';
import { notifications, prisonerTransfers, prisoners, prisons, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createUser, sessionCookie, uniqueEmail } from '#tests/factories.ts';

const t = useTestApp();

function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'sec-fetch-site': 'same-origin', cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function prisonWithJail(name: string) {
  const [prison] = await t.db
    .insert(prisons)
    .values({ name, district: 'Lucknow', state: 'UP', dlsaEmail: uniqueEmail('dlsa') })
    .returning();
  const jail = await createUser(t.db, { role: 'Jail-Authority', name: `Jailor of ${name}` });
  await t.db.update(users).set({ prisonId: prison!.id }).where(eq(users.id, jail.id));
  return { id: prison!.id, jailId: jail.id, jail: await sessionCookie(t.db, jail.id) };
}

async function familyIn(prisonId: string, n: number) {
  const fm = await createFamilyMember(t.db, { name: `Transfer Family ${n}`, cases: [{ caseNumber: `TR-${n}/2025` }] });
  const c = fm.cases[0]!;
  await t.db.update(prisoners).set({ prisonId, name: 'Mohan' }).where(eq(prisoners.id, c.prisonerId));
  return { memberId: fm.user.id, caseId: c.id, prisonerId: c.prisonerId, cookie: await sessionCookie(t.db, fm.user.id) };
}

const lists = async (cookie: string, memberId: string) =>
  (await call('GET', '/api/jail/members?pageSize=50', cookie)).json<MembersPage>().items.some((m) => m.id === memberId);
const kindsOf = async (userId: string) =>
  (await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))).map((r) => r.kind);

describe('moving a prisoner to another prison', () => {
  it('the old jail moves him; it no longer sees him, the new jail does; the move stays on the case; the family and the new jail are told', async () => {
    const a = await prisonWithJail('Transfer Jail A');
    const b = await prisonWithJail('Transfer Jail B');
    const f = await familyIn(a.id, 1);
    const before = (await call('GET', `/api/cases/${f.caseId}`, a.jail)).json<CaseDetail>();
    expect(before.can.transfer).toBe(true);
    expect(before.prison).toEqual({ id: a.id, name: 'Transfer Jail A' });
    expect(before.transfers).toEqual([]);
    expect(await lists(a.jail, f.memberId)).toBe(true);
    expect(await lists(b.jail, f.memberId)).toBe(false);

    const res = await call('POST', `/api/cases/${f.caseId}/transfer`, a.jail, { toPrisonId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ prison: { id: b.id, name: 'Transfer Jail B' } });

    expect((await call('GET', `/api/cases/${f.caseId}`, a.jail)).statusCode).toBe(404);
    expect(await lists(a.jail, f.memberId)).toBe(false);
    expect(await lists(b.jail, f.memberId)).toBe(true);
    const after = (await call('GET', `/api/cases/${f.caseId}`, b.jail)).json<CaseDetail>();
    expect(after.prison).toEqual({ id: b.id, name: 'Transfer Jail B' });
    expect(after.transfers).toEqual([{ from: 'Transfer Jail A', to: 'Transfer Jail B', at: expect.any(String) }]);
    // The family reads the same history.
    expect((await call('GET', `/api/cases/${f.caseId}`, f.cookie)).json<CaseDetail>()).toMatchObject({
      can: { transfer: false },
      transfers: after.transfers,
    });
    expect(await kindsOf(f.memberId)).toContain('prisoner_transferred');
    expect(await kindsOf(b.jailId)).toContain('prisoner_transferred');
    expect(await kindsOf(a.jailId)).not.toContain('prisoner_transferred');
    expect((await checkDerived(t.db)).total).toBe(0);
  });

  it('refuses the prison he is in already, an unknown prison, another prison’s jail and any other role, changing nothing', async () => {
    const a = await prisonWithJail('Transfer Jail C');
    const b = await prisonWithJail('Transfer Jail D');
    const f = await familyIn(a.id, 2);
    const same = await call('POST', `/api/cases/${f.caseId}/transfer`, a.jail, { toPrisonId: a.id });
    expect(same.statusCode).toBe(400);
    expect(same.json<{ error: { code: string } }>().error.code).toBe('validation');
    expect(
      (await call('POST', `/api/cases/${f.caseId}/transfer`, a.jail, { toPrisonId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/cases/${f.caseId}/transfer`, a.jail, { toPrisonId: 'jail-b' })).statusCode).toBe(400);
    // The jail of another prison does not see the case at all.
    expect((await call('POST', `/api/cases/${f.caseId}/transfer`, b.jail, { toPrisonId: b.id })).statusCode).toBe(404);
    // The family cannot move him.
    expect((await call('POST', `/api/cases/${f.caseId}/transfer`, f.cookie, { toPrisonId: b.id })).statusCode).toBe(403);
    const [p] = await t.db.select({ prisonId: prisoners.prisonId }).from(prisoners).where(eq(prisoners.id, f.prisonerId));
    expect(p!.prisonId).toBe(a.id);
    expect(await t.db.select().from(prisonerTransfers).where(eq(prisonerTransfers.prisonerId, f.prisonerId))).toEqual([]);
  });
});
