// Deadlines with a controllable clock: each fires exactly once, in each recipient's
// language, with two workers running the pass at the same moment — on PGlite and on PostgreSQL
// (there the second worker is a second connection pool, as a second app instance would be).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { openDb, type Db, type DbHandle } from '#server/db/client.ts';
import { cases, deadlineEvents, emailOutbox, hearings, lawyerRequests, notifications, prisons, users } from '#server/db/schema.ts';
import { runDeadlinePass } from '#server/features/deadlines/deadlines.scheduler.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import { createFamilyMember, createLawyer, createLawyerRequest } from '#tests/factories.ts';

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
/** Both workers run the pass at the same instant; returns every key fired (by either). */
async function twoWorkers(now: Date): Promise<string[]> {
  const [a, b] = await Promise.all([
    runDeadlinePass(db, { now, publicUrl: PUBLIC_URL }),
    runDeadlinePass(db2, { now, publicUrl: PUBLIC_URL }),
  ]);
  return [...a, ...b].sort();
}

async function withLanguage<T extends { id: string }>(user: T, language: string) {
  await db.update(users).set({ language }).where(eq(users.id, user.id));
  return user;
}

const notesOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));
const mailsTo = (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
/** IST 11:30 on the day. */
const at = (day: string) => new Date(`${day}T06:00:00Z`);

describe('deadline scheduler', () => {
  it('reminds family and lawyer the day before a hearing, once, each in their language', async () => {
    const fm = await createFamilyMember(db, { name: 'Kamla Devi', cases: [{ caseNumber: 'HR-1' }] });
    await withLanguage(fm.user, 'hi');
    const lawyer = await createLawyer(db, { name: 'Adv. Weber' });
    await withLanguage(lawyer.user, 'de');
    await createLawyerRequest(db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    const [h] = await db
      .insert(hearings)
      .values({ caseId: fm.cases[0]!.id, hearingOn: '2030-03-12', court: 'Saket Court 4', purpose: 'Bail hearing' })
      .returning();

    expect((await twoWorkers(at('2030-03-10'))).filter((k) => k.startsWith('hearing'))).toEqual([]);
    const fired = await twoWorkers(at('2030-03-11'));
    expect(fired.filter((k) => k.startsWith('hearing'))).toEqual([`hearing-reminder:${h!.id}:2030-03-12`]);
    // Later passes that day, and the next day, fire nothing more.
    expect((await twoWorkers(new Date('2030-03-11T17:00:00Z'))).filter((k) => k.startsWith('hearing'))).toEqual([]);
    expect((await twoWorkers(at('2030-03-12'))).filter((k) => k.startsWith('hearing'))).toEqual([]);

    const famNotes = await notesOf(fm.user.id);
    expect(famNotes.map((n) => n.kind)).toEqual(['hearing_reminder']);
    expect(famNotes[0]!.link).toBe('/family-case');
    expect((await notesOf(lawyer.user.id)).map((n) => n.kind)).toEqual(['hearing_reminder']);

    const famMail = await mailsTo(fm.user.email);
    expect(famMail).toHaveLength(1);
    expect(famMail[0]!.subject).toBe('अनुस्मारक: कल सुनवाई है, 12 मार्च 2030 (मामला HR-1)');
    expect(famMail[0]!.text).toContain('प्रिय Kamla Devi,');
    expect(famMail[0]!.text).toContain(`${PUBLIC_URL}/family-case`);
    expect(famMail[0]!.text).toContain(`${PUBLIC_URL}/edit-profile`);
    const lawyerMail = await mailsTo(lawyer.user.email);
    expect(lawyerMail).toHaveLength(1);
    expect(lawyerMail[0]!.subject).toBe('Erinnerung: Anhörung morgen, 12. März 2030 (Fall HR-1)');
    expect(lawyerMail[0]!.text).toContain(`${PUBLIC_URL}/cases/${fm.cases[0]!.id}/hearings`);
  });

  it('a hearing moved to another date is reminded again; one with an outcome is not', async () => {
    const fm = await createFamilyMember(db, { cases: [{ caseNumber: 'HR-2' }] });
    const [h] = await db
      .insert(hearings)
      .values({ caseId: fm.cases[0]!.id, hearingOn: '2030-04-02', court: 'Court 1', purpose: 'Evidence' })
      .returning();
    await db
      .insert(hearings)
      .values({ caseId: fm.cases[0]!.id, hearingOn: '2030-04-02', court: 'Court 1', purpose: 'Done', outcome: 'Adjourned' });
    expect((await twoWorkers(at('2030-04-01'))).filter((k) => k.startsWith('hearing'))).toEqual([`hearing-reminder:${h!.id}:2030-04-02`]);
    await db.update(hearings).set({ hearingOn: '2030-04-20' }).where(eq(hearings.id, h!.id));
    expect((await twoWorkers(at('2030-04-19'))).filter((k) => k.startsWith('hearing'))).toEqual([`hearing-reminder:${h!.id}:2030-04-20`]);
    expect(await notesOf(fm.user.id)).toHaveLength(2);
  });

  it('a pending request reminds the lawyer at 48 hours and offers the family other lawyers at 7 days, once each', async () => {
    const fm = await createFamilyMember(db, { name: 'Marie Dubois' });
    await withLanguage(fm.user, 'fr');
    const lawyer = await createLawyer(db, { name: 'Adv. García' });
    await withLanguage(lawyer.user, 'es');
    const t0 = new Date('2030-05-01T04:00:00Z');
    const req = await createLawyerRequest(db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id });
    await db.update(lawyerRequests).set({ createdAt: t0 }).where(eq(lawyerRequests.id, req.id));
    const mine = (keys: string[]) => keys.filter((k) => k.endsWith(req.id));

    expect(mine(await twoWorkers(new Date(t0.getTime() + 47 * 3_600_000)))).toEqual([]);
    expect(mine(await twoWorkers(new Date(t0.getTime() + 48 * 3_600_000)))).toEqual([`request-reminder:${req.id}`]);
    expect(mine(await twoWorkers(new Date(t0.getTime() + 6 * 86_400_000)))).toEqual([]);
    expect(mine(await twoWorkers(new Date(t0.getTime() + 7 * 86_400_000)))).toEqual([`request-overdue:${req.id}`]);
    expect(mine(await twoWorkers(new Date(t0.getTime() + 9 * 86_400_000)))).toEqual([]);

    const lawyerNotes = await notesOf(lawyer.user.id);
    expect(lawyerNotes.map((n) => [n.kind, n.link])).toEqual([['request_reminder', '/pending-case']]);
    const lawyerMail = await mailsTo(lawyer.user.email);
    expect(lawyerMail.map((m) => m.subject)).toEqual(['Una familia espera su respuesta']);
    expect(lawyerMail[0]!.text).toContain('Marie Dubois le pidió el 1 de mayo de 2030');

    const famNotes = await notesOf(fm.user.id);
    expect(famNotes.map((n) => [n.kind, n.link])).toEqual([['request_overdue', '/lawyerSearch']]);
    const famMail = await mailsTo(fm.user.email);
    expect(famMail.map((m) => m.subject)).toEqual(['Pas de réponse de Adv. García après 7 jours']);
    expect(famMail[0]!.text).toContain('Avocat pénaliste (défense)');
  });

  it('a request answered before its deadline is never chased', async () => {
    const fm = await createFamilyMember(db);
    const lawyer = await createLawyer(db);
    const req = await createLawyerRequest(db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    await db
      .update(lawyerRequests)
      .set({ createdAt: new Date('2030-05-01T04:00:00Z') })
      .where(eq(lawyerRequests.id, req.id));
    expect((await twoWorkers(new Date('2030-05-20T04:00:00Z'))).filter((k) => k.endsWith(req.id))).toEqual([]);
    expect(await notesOf(lawyer.user.id)).toEqual([]);
  });

  it('bailed but not released after 7 days: family, lawyer and the DLSA of the prison are told once', async () => {
    await db.insert(prisons).values({ name: 'Tihar Jail No. 4', district: 'West Delhi', dlsaEmail: 'dlsa.west@example.org' });
    const fm = await createFamilyMember(db, { name: 'Ravi Kumar', cases: [{ caseNumber: 'BL-7' }] });
    await withLanguage(fm.user, 'es');
    const lawyer = await createLawyer(db, { name: 'Adv. Sharma' });
    await createLawyerRequest(db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    // Reminder emails off for the lawyer: the notification still comes, the email does not.
    await db.update(users).set({ emailReminders: false }).where(eq(users.id, lawyer.user.id));
    const caseId = fm.cases[0]!.id;
    await db.update(cases).set({ bailGrantedOn: '2030-06-01', prison: '  tihar jail no. 4 ' }).where(eq(cases.id, caseId));
    const key = `bail-not-released:${caseId}:2030-06-01`;

    expect(await twoWorkers(at('2030-06-07'))).not.toContain(key);
    expect((await twoWorkers(at('2030-06-08'))).filter((k) => k === key)).toEqual([key]);
    expect(await twoWorkers(at('2030-06-09'))).not.toContain(key);

    // (From 9 June the jail's intimation to the DLSA is late too: bail-clocks.scheduler.test.ts.)
    const notBailClock = (kind: string) => !kind.startsWith('bail_clock_');
    expect((await notesOf(fm.user.id)).map((n) => n.kind).filter(notBailClock)).toEqual(['bail_not_released_family']);
    expect((await notesOf(lawyer.user.id)).map((n) => n.kind)).toEqual(['bail_not_released_lawyer']);
    const famMail = (await mailsTo(fm.user.email)).filter((m) => !m.subject.startsWith('Retraso:'));
    expect(famMail).toHaveLength(1);
    expect(famMail[0]!.subject).toBe('Fianza concedida pero sin libertad tras 7 días (caso BL-7)');
    expect(famMail[0]!.text).toContain('Artículo 478 BNSS');
    expect(await mailsTo(lawyer.user.email)).toEqual([]);
    const dlsa = (await mailsTo('dlsa.west@example.org')).filter((m) => m.subject.startsWith('Bailed but not released'));
    expect(dlsa).toHaveLength(1);
    expect(dlsa[0]!.subject).toBe('Bailed but not released within 7 days: Ravi Kumar, Tihar Jail No. 4');
    expect(dlsa[0]!.text).toContain('West Delhi');
    expect(await db.select().from(deadlineEvents).where(eq(deadlineEvents.key, key))).toHaveLength(1);
  });

  it('a release recorded in time means nobody is chased', async () => {
    const fm = await createFamilyMember(db, { cases: [{ caseNumber: 'BL-8' }] });
    await db.update(cases).set({ bailGrantedOn: '2030-06-01', releasedOn: '2030-06-05' }).where(eq(cases.id, fm.cases[0]!.id));
    expect((await twoWorkers(at('2030-06-20'))).filter((k) => k.includes(fm.cases[0]!.id))).toEqual([]);
    expect(await notesOf(fm.user.id)).toEqual([]);
  });

  it('many due events with two workers: every one fires exactly once overall', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const fm = await createFamilyMember(db, { cases: [{ caseNumber: `MANY-${i}` }] });
      await db.update(cases).set({ bailGrantedOn: '2031-01-01' }).where(eq(cases.id, fm.cases[0]!.id));
      ids.push(fm.user.id);
    }
    const fired = (await twoWorkers(at('2031-01-09'))).filter((k) => k.startsWith('bail-not-released:') && k.endsWith(':2031-01-01'));
    expect(fired).toHaveLength(12);
    expect(new Set(fired).size).toBe(12);
    const notes = await db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), eq(notifications.kind, 'bail_not_released_family')));
    expect(notes).toHaveLength(12);
  });
});
