// The poor-prisoners fund's clocks remind the side that must act and escalate to the DLSA and the family
// (bail-clocks.scheduler.ts, docs/decisions/0055-jail-intimation-informs-the-dlsa.md): once per clock,
// each recipient in their language, with two workers running the pass at the same moment — on PGlite and
// on PostgreSQL (there the second worker is a second connection pool, as a second app instance would be).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openDb, type Db, type DbHandle } from '#server/db/client.ts';
import { cases, emailOutbox, notifications, prisoners, prisons, users } from '#server/db/schema.ts';
import { runDeadlinePass } from '#server/features/deadlines/deadlines.scheduler.ts';
import { addDays, todayInIndia } from '#shared/release.ts';
import { firstOrThirdMondayOnOrAfter } from '#shared/bail.ts';
import type { StoredOffence } from '#shared/cases.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import { createFamilyMember, createUser, uniqueEmail } from '#tests/factories.ts';

let testDb: TestDb;
let db: Db;
let second: DbHandle | undefined;
let db2: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  if (testDb.databaseUrl) {
    second = await openDb({ databaseUrl: testDb.databaseUrl, poolSize: 5 });
    db2 = second.db;
  } else {
    db2 = db; // PGlite: one database in the process; the two passes still interleave.
  }
});
afterAll(async () => {
  await second?.close();
  await testDb.close();
});

const PUBLIC_URL = 'https://rihaai.example';
const now = () => new Date();

/** Both workers run the pass at the same instant; the bail-clock keys either fired for the case. */
async function twoWorkers(caseId: string): Promise<string[]> {
  const [a, b] = await Promise.all([
    runDeadlinePass(db, { now: now(), publicUrl: PUBLIC_URL }),
    runDeadlinePass(db2, { now: now(), publicUrl: PUBLIC_URL }),
  ]);
  return [...a, ...b].filter((k) => k.startsWith(`bail-clock:${caseId}:`)).sort();
}

const kindsOf = async (userId: string) =>
  (await db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind).sort();
const notesOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));
const mailsTo = (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

let n = 0;
const offence = (code: string): StoredOffence => ({
  code: code as StoredOffence['code'],
  label: null,
  maxMonths: 84,
  life: false,
  death: false,
});

/** A prison of its own district with its jail and DLSA accounts, and a family whose prisoner is held there on bail. */
async function bailedCase(input: {
  bailGrantedOn: string;
  offences?: string[];
  dlsaInformedOn?: string | null;
  dlsaRecommendedOn?: string | null;
  languages?: { family?: string; jail?: string; dlsa?: string };
}) {
  n++;
  const district = `Clockpur ${n} ${Date.now().toString(36)}`;
  const [prison] = await db
    .insert(prisons)
    .values({ name: `Clock Jail ${district}`, district, state: 'UP', dlsaEmail: uniqueEmail('dlsa-desk') })
    .returning();
  const fm = await createFamilyMember(db, { name: 'Kamla Devi', cases: [{ caseNumber: `CLOCK-${n}` }] });
  const c = fm.cases[0]!;
  await db.update(prisoners).set({ prisonId: prison!.id }).where(eq(prisoners.id, c.prisonerId));
  await db
    .update(cases)
    .set({
      prisonerName: 'Ramesh Kumar',
      bailGrantedOn: input.bailGrantedOn,
      offences: (input.offences ?? ['theft']).map(offence),
      dlsaInformedOn: input.dlsaInformedOn ?? null,
      dlsaRecommendedOn: input.dlsaRecommendedOn ?? null,
    })
    .where(eq(cases.id, c.id));
  const jail = await createUser(db, { role: 'Jail-Authority', name: 'Jailor Singh' });
  await db.update(users).set({ prisonId: prison!.id }).where(eq(users.id, jail.id));
  const [dlsa] = await db
    .insert(users)
    .values({
      role: 'DLSA',
      name: 'Secretary DLSA',
      email: uniqueEmail('dlsa'),
      passwordHash: 'x',
      scopeState: 'UP',
      scopeDistrict: district,
    })
    .returning();
  const otherJail = await createUser(db, { role: 'Jail-Authority' });
  const l = input.languages ?? {};
  if (l.family) await db.update(users).set({ language: l.family }).where(eq(users.id, fm.user.id));
  if (l.jail) await db.update(users).set({ language: l.jail }).where(eq(users.id, jail.id));
  if (l.dlsa) await db.update(users).set({ language: l.dlsa }).where(eq(users.id, dlsa!.id));
  return { caseId: c.id, family: fm.user, jail, dlsa: dlsa!, otherJail, prison: prison! };
}

describe('poor-prisoners fund clocks', () => {
  it('the jail late with the intimation: the jail is reminded, the DLSA and the family told — once, each in their language', async () => {
    const today = todayInIndia();
    const granted = addDays(today, -10);
    const w = await bailedCase({ bailGrantedOn: granted, languages: { family: 'hi', jail: 'mr', dlsa: 'ta' } });
    const key = `bail-clock:${w.caseId}:inform-dlsa:${granted}`;
    expect(await twoWorkers(w.caseId)).toEqual([key]);
    // Another pass, by either instance: nothing more.
    expect(await twoWorkers(w.caseId)).toEqual([]);

    expect(await kindsOf(w.jail.id)).toEqual(['bail_clock_due']);
    expect(await kindsOf(w.dlsa.id)).toEqual(['bail_clock_escalated']);
    expect(await kindsOf(w.family.id)).toContain('bail_clock_late_family');
    expect((await kindsOf(w.family.id)).filter((k) => k === 'bail_clock_late_family')).toHaveLength(1);
    // Not the jail of another prison.
    expect(await kindsOf(w.otherJail.id)).toEqual([]);

    // In-app notices point each side to its screen; the emails are in each one's language.
    expect((await notesOf(w.jail.id))[0]!.link).toBe(`/cases/${w.caseId}/hearings`);
    expect((await notesOf(w.dlsa.id))[0]!.link).toBe('/dlsa');
    expect((await notesOf(w.family.id)).find((x) => x.kind === 'bail_clock_late_family')!.link).toBe('/family-case');
    expect((await mailsTo(w.jail.email))[0]!.subject).toContain('तुरुंगाने DLSA ला द्यायची सूचना'); // Marathi
    expect((await mailsTo(w.dlsa.email))[0]!.text).toContain('சிறை'); // Tamil: the jail is the late office
    const familyMails = (await mailsTo(w.family.email)).filter((m) => m.subject.includes('जेल द्वारा DLSA को सूचना')); // Hindi
    expect(familyMails).toHaveLength(1);
    // The prison's DLSA address, in English, once.
    const mails = (await mailsTo(w.prison.dlsaEmail)).filter((m) => m.subject.includes("the jail's intimation to the DLSA"));
    expect(mails).toHaveLength(1);
  });

  it('the DLSA late with its recommendation: the DLSA is reminded, the family told, the jail left alone', async () => {
    const today = todayInIndia();
    const informed = addDays(today, -6);
    const w = await bailedCase({ bailGrantedOn: addDays(today, -13), dlsaInformedOn: informed });
    expect(await twoWorkers(w.caseId)).toEqual([`bail-clock:${w.caseId}:recommend:${informed}`]);
    expect(await twoWorkers(w.caseId)).toEqual([]);
    expect(await kindsOf(w.dlsa.id)).toEqual(['bail_clock_due']);
    expect(await kindsOf(w.jail.id)).toEqual([]);
    expect((await kindsOf(w.family.id)).filter((k) => k === 'bail_clock_late_family')).toHaveLength(1);
    // The prison's DLSA address (not the account's) hears too, once.
    expect((await mailsTo(w.prison.dlsaEmail)).filter((m) => m.subject.startsWith('Overdue:'))).toHaveLength(1);
  });

  it('the prisoner’s consent withdrawn: the family’s notice stays in the app, with no email; the officials are still chased', async () => {
    const today = todayInIndia();
    const w = await bailedCase({ bailGrantedOn: addDays(today, -10) });
    const [c] = await db.select({ prisonerId: cases.prisonerId }).from(cases).where(eq(cases.id, w.caseId));
    await db.update(prisoners).set({ consentWithdrawnAt: new Date() }).where(eq(prisoners.id, c!.prisonerId));
    expect(await twoWorkers(w.caseId)).toHaveLength(1);
    expect(await kindsOf(w.jail.id)).toEqual(['bail_clock_due']);
    expect(await kindsOf(w.family.id)).toContain('bail_clock_late_family');
    expect(await mailsTo(w.family.email)).toEqual([]);
  });

  it('a recommendation not due yet (5 days from the intimation) fires nothing; the day after it, once', async () => {
    const today = todayInIndia();
    const w = await bailedCase({ bailGrantedOn: addDays(today, -12), dlsaInformedOn: addDays(today, -5) });
    expect(await twoWorkers(w.caseId)).toEqual([]);
    expect(await kindsOf(w.dlsa.id)).toEqual([]);
  });

  it('an offence the fund excludes: only the intimation is chased, never the recommendation or the money', async () => {
    const today = todayInIndia();
    const w = await bailedCase({ bailGrantedOn: addDays(today, -40), offences: ['rape'], dlsaInformedOn: addDays(today, -30) });
    expect(await twoWorkers(w.caseId)).toEqual([]);
    expect(await kindsOf(w.dlsa.id)).toEqual([]);
    const late = await bailedCase({ bailGrantedOn: addDays(today, -40), offences: ['ndps-small'] });
    expect(await twoWorkers(late.caseId)).toEqual([`bail-clock:${late.caseId}:inform-dlsa:${addDays(today, -40)}`]);
  });

  it('the money late after the committee’s Monday: the DLSA is reminded; a released person is not chased', async () => {
    const today = todayInIndia();
    const recommended = addDays(today, -40);
    const w = await bailedCase({
      bailGrantedOn: addDays(today, -60),
      dlsaInformedOn: addDays(today, -45),
      dlsaRecommendedOn: recommended,
    });
    expect(addDays(firstOrThirdMondayOnOrAfter(recommended), 5) < today).toBe(true);
    expect(await twoWorkers(w.caseId)).toEqual([`bail-clock:${w.caseId}:funds:${recommended}`]);
    expect(await kindsOf(w.dlsa.id)).toEqual(['bail_clock_due']);

    const out = await bailedCase({ bailGrantedOn: addDays(today, -20) });
    await db
      .update(cases)
      .set({ releasedOn: addDays(today, -1) })
      .where(eq(cases.id, out.caseId));
    expect(await twoWorkers(out.caseId)).toEqual([]);
    const told = await db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [out.jail.id, out.dlsa.id]));
    expect(told).toEqual([]);
  });

  it('a new intimation day is a new clock: its recommendation is chased under its own key', async () => {
    const today = todayInIndia();
    const w = await bailedCase({ bailGrantedOn: addDays(today, -30), dlsaInformedOn: addDays(today, -20) });
    expect(await twoWorkers(w.caseId)).toEqual([`bail-clock:${w.caseId}:recommend:${addDays(today, -20)}`]);
    await db
      .update(cases)
      .set({ dlsaInformedOn: addDays(today, -7) })
      .where(eq(cases.id, w.caseId));
    expect(await twoWorkers(w.caseId)).toEqual([`bail-clock:${w.caseId}:recommend:${addDays(today, -7)}`]);
    expect(await kindsOf(w.dlsa.id)).toEqual(['bail_clock_due', 'bail_clock_due']);
  });
});
