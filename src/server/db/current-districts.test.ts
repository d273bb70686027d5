// Records stored with a district that is no longer on the list (docs/decisions/0059-current-districts.md):
// Nagda and Chachoda, announced in 2023 and never notified, were on it; Allahabad was before Prayagraj.
// The upgrade rewrites them to the current district, so the comparisons that find a record by its
// district (a family's prison choice, the lawyer search, the DLSA's scope) keep finding it.
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { checkDerived } from '#server/db/derived.ts';
import { DATA_MOVES, moveData } from '#server/db/migrate.ts';
import { familyMembers, lawyers, legalAidApplications, ngos, prisons, registrationCodes, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, createNgo, createUser, sessionCookie, uniqueEmail } from '#tests/factories.ts';

const t = useTestApp();
const nagda = { state: 'MP', district: 'Nagda' };

describe('stored districts that are no longer on the list', () => {
  it('the upgrade moves every record to the current district, once; the rest stay as they were', async () => {
    const fm = await createFamilyMember(t.db, { name: 'Kamla Bai', location: nagda });
    const other = await createFamilyMember(t.db, { name: 'Rukmini', location: { state: 'UP', district: 'Allahabad' } });
    const untouched = await createFamilyMember(t.db, { name: 'Sunita', location: { state: 'BR', district: 'Aurangabad' } });
    const { lawyer } = await createLawyer(t.db, { name: 'Adv. Verma', location: { state: 'MP', district: 'Chachoda' } });
    const ngo = await createNgo(t.db, { location: nagda });
    const [prison] = await t.db
      .insert(prisons)
      .values({ name: 'Nagda Sub Jail', ...nagda, type: 'sub-jail', dlsaEmail: uniqueEmail('dlsa') })
      .returning();
    const dlsa = await createUser(t.db, { role: 'DLSA' });
    await t.db.update(users).set({ scopeState: 'MP', scopeDistrict: 'Nagda' }).where(eq(users.id, dlsa.id));
    const [application] = await t.db
      .insert(legalAidApplications)
      .values({ prisonerId: fm.cases[0]!.prisonerId, familyMemberId: fm.user.id, prisonId: prison!.id, ...nagda, dueOn: '2026-12-04' })
      .returning();
    // Ujjain has its own live DLSA code: Nagda's is revoked as it joins; Chachoda's becomes Guna's.
    await t.db.insert(registrationCodes).values([
      { id: 'code-ujjain', kind: 'dlsa', state: 'MP', district: 'Ujjain' },
      { id: 'code-nagda', kind: 'dlsa', ...nagda },
      { id: 'code-chachoda', kind: 'dlsa', state: 'MP', district: 'Chachoda' },
    ]);

    const move = DATA_MOVES.find((m) => m.migration === '0043_current_district_names')!;
    // A database that ran every data move runs none again.
    await moveData(t.db, Math.max(...DATA_MOVES.map((m) => m.when)));
    expect((await member(fm.user.id)).district).toBe('Nagda');
    await moveData(t.db, move.when - 1);

    expect(await member(fm.user.id)).toEqual({ state: 'MP', district: 'Ujjain' });
    expect(await member(other.user.id)).toEqual({ state: 'UP', district: 'Prayagraj' });
    expect(await member(untouched.user.id)).toEqual({ state: 'BR', district: 'Aurangabad' });
    expect((await t.db.select().from(lawyers).where(eq(lawyers.userId, lawyer.userId)))[0]!.district).toBe('Guna');
    expect((await t.db.select().from(ngos).where(eq(ngos.id, ngo.id)))[0]!.district).toBe('Ujjain');
    expect((await t.db.select().from(prisons).where(eq(prisons.id, prison!.id)))[0]!.district).toBe('Ujjain');
    expect((await t.db.select().from(users).where(eq(users.id, dlsa.id)))[0]!.scopeDistrict).toBe('Ujjain');
    expect((await t.db.select().from(legalAidApplications).where(eq(legalAidApplications.id, application!.id)))[0]!.district).toBe(
      'Ujjain',
    );
    const codes = await t.db
      .select({ id: registrationCodes.id, district: registrationCodes.district, revokedAt: registrationCodes.revokedAt })
      .from(registrationCodes)
      .where(inArray(registrationCodes.id, ['code-ujjain', 'code-nagda', 'code-chachoda']))
      .orderBy(registrationCodes.id);
    expect(codes.map((c) => [c.id, c.district, c.revokedAt !== null])).toEqual([
      ['code-chachoda', 'Guna', false],
      ['code-nagda', 'Ujjain', true],
      ['code-ujjain', 'Ujjain', false],
    ]);

    // A family choosing Ujjain's prisons now finds the one stored under Nagda.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/prison-choices?state=MP&district=Ujjain',
      headers: { cookie: await sessionCookie(t.db, untouched.user.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ prisons: { name: string }[] }>().prisons.map((p) => p.name)).toContain('Nagda Sub Jail');

    // Run again by hand: nothing left to move, nothing changes.
    await moveData(t.db, move.when - 1);
    expect(await member(fm.user.id)).toEqual({ state: 'MP', district: 'Ujjain' });
    // What is derived from the rows (counters, cards) moved with them.
    expect((await checkDerived(t.db)).total).toBe(0);
  });

  it('Shahdara, merged in Delhi’s reorganisation of December 2025, moves to North East Delhi on a database that already ran 0043’s move', async () => {
    const shahdara = { state: 'DL', district: 'Shahdara' };
    const fm = await createFamilyMember(t.db, { name: 'Shabana', location: shahdara });
    const { lawyer } = await createLawyer(t.db, { name: 'Adv. Khan', location: shahdara });
    const [prison] = await t.db
      .insert(prisons)
      .values({ name: 'Mandoli Jail', ...shahdara, type: 'central', dlsaEmail: uniqueEmail('dlsa') })
      .returning();
    const dlsa = await createUser(t.db, { role: 'DLSA' });
    await t.db.update(users).set({ scopeState: 'DL', scopeDistrict: 'Shahdara' }).where(eq(users.id, dlsa.id));
    await t.db.insert(registrationCodes).values({ id: 'code-shahdara', kind: 'dlsa', ...shahdara });

    const moved = DATA_MOVES.find((m) => m.migration === '0044_delhi_districts_2025')!;
    await moveData(t.db, moved.when);
    expect((await member(fm.user.id)).district).toBe('Shahdara');
    // Upgraded from 0043: only the moves after it run.
    await moveData(t.db, DATA_MOVES.find((m) => m.migration === '0043_current_district_names')!.when);

    expect(await member(fm.user.id)).toEqual({ state: 'DL', district: 'North East Delhi' });
    expect((await t.db.select().from(lawyers).where(eq(lawyers.userId, lawyer.userId)))[0]!.district).toBe('North East Delhi');
    expect((await t.db.select().from(prisons).where(eq(prisons.id, prison!.id)))[0]!.district).toBe('North East Delhi');
    expect((await t.db.select().from(users).where(eq(users.id, dlsa.id)))[0]!.scopeDistrict).toBe('North East Delhi');
    const [code] = await t.db.select().from(registrationCodes).where(eq(registrationCodes.id, 'code-shahdara'));
    expect([code!.district, code!.revokedAt]).toEqual(['North East Delhi', null]);
    expect((await checkDerived(t.db)).total).toBe(0);
  });
});

async function member(userId: string) {
  const [row] = await t.db
    .select({ state: familyMembers.state, district: familyMembers.district })
    .from(familyMembers)
    .where(and(eq(familyMembers.userId, userId)));
  return row!;
}
