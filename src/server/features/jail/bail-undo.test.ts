// A mistaken Bail-Accept can be undone for BAIL_UNDO_SECONDS; its emails wait out
// that time, so an undo in time tells nobody; after it the server refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BAIL_UNDO_SECONDS } from '#shared/jail.ts';
import { auditEvents, bailReviews, documents, emailOutbox, lawyerRequests, users } from '#server/db/schema.ts';
import { deliverDueEmails } from '#server/lib/outbox.ts';
import { sha256Hex } from '#server/lib/tokens.ts';
import { createTestApp, type TestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, sessionCookie } from '#tests/factories.ts';

let t: TestApp;
let jail: string;
beforeAll(async () => {
  t = await createTestApp(); // the default hold: emails wait out the undo window
  jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
});
afterAll(() => t.close());

const quiet = { warn: () => {}, error: () => {} };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function memberReadyForBail() {
  const { user } = await createFamilyMember(t.db);
  const lawyer = await createLawyer(t.db);
  await t.db
    .insert(lawyerRequests)
    .values({ familyMemberId: user.id, lawyerId: lawyer.user.id, status: 'accepted', decidedAt: new Date() });
  await t.db.insert(documents).values({
    familyMemberId: user.id,
    uploadedBy: lawyer.user.id,
    filename: 'bail.pdf',
    contentType: 'application/pdf',
    size: PDF.length,
    sha256: sha256Hex(PDF),
    bytes: PDF,
  });
  return { user, lawyer: lawyer.user };
}

const accept = (id: string) => t.request('POST', `/api/jail/members/${id}/bail-accept`, { cookie: jail });
const undo = (id: string, cookie = jail) => t.request('POST', `/api/jail/members/${id}/bail-accept/undo`, { cookie });
const outboxTo = (emails: string[]) => t.db.select().from(emailOutbox).where(inArray(emailOutbox.to, emails));

describe('POST /api/jail/members/:id/bail-accept/undo', () => {
  it('holds the acceptance emails for the undo window', async () => {
    const { user, lawyer } = await memberReadyForBail();
    const before = Date.now();
    expect((await accept(user.id)).statusCode).toBe(200);
    const queued = await outboxTo([user.email, lawyer.email]);
    expect(queued).toHaveLength(2);
    for (const row of queued) expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + BAIL_UNDO_SECONDS * 1000 - 1000);
    await deliverDueEmails(t.db, t.mailer, quiet);
    expect(t.mailer.sent.filter((m) => m.to === user.email)).toHaveLength(0);
  });

  it('undone in time: bail waits again and the held emails are cancelled, so nobody is told', async () => {
    const { user, lawyer } = await memberReadyForBail();
    expect((await accept(user.id)).statusCode).toBe(200);
    const res = await undo(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ familyMemberId: user.id, alreadyUndone: false, corrections: 0 });
    expect(await t.db.select().from(bailReviews).where(eq(bailReviews.familyMemberId, user.id))).toEqual([]);
    expect(await outboxTo([user.email, lawyer.email])).toEqual([]);
    const undone = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, user.id), eq(auditEvents.action, 'bail.undone')));
    expect(undone).toHaveLength(1);
    // It can be accepted again afterwards.
    expect((await accept(user.id)).json()).toMatchObject({ alreadyAccepted: false });
  });

  it('a second undo (double tap) answers the same success and changes nothing', async () => {
    const { user } = await memberReadyForBail();
    await accept(user.id);
    const [a, b] = [await undo(user.id), await undo(user.id)];
    expect(a.json()).toMatchObject({ alreadyUndone: false });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toMatchObject({ alreadyUndone: true, corrections: 0 });
  });

  it('emails already sent get a correction instead', async () => {
    const { user, lawyer } = await memberReadyForBail();
    await accept(user.id);
    // As if the hold had passed and the worker had delivered them.
    await t.db
      .update(emailOutbox)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(inArray(emailOutbox.to, [user.email, lawyer.email]));
    const res = await undo(user.id);
    expect(res.json()).toMatchObject({ alreadyUndone: false, corrections: 2 });
    const corrections = (await outboxTo([user.email, lawyer.email])).filter((m) => m.status === 'pending');
    expect(corrections.map((c) => c.to).sort()).toEqual([user.email, lawyer.email].sort());
    expect(corrections[0]!.subject).toMatch(/^Correction/);
  });

  it("writes each correction in its recipient's saved language", async () => {
    const { user, lawyer } = await memberReadyForBail();
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, lawyer.id));
    await accept(user.id);
    await t.db
      .update(emailOutbox)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(inArray(emailOutbox.to, [user.email, lawyer.email]));
    expect((await undo(user.id)).json()).toMatchObject({ corrections: 2 });
    const pending = (await outboxTo([user.email, lawyer.email])).filter((m) => m.status === 'pending');
    const toLawyer = pending.find((m) => m.to === lawyer.email)!;
    const toFamily = pending.find((m) => m.to === user.email)!;
    expect(toLawyer.subject).toBe(`सुधार: ${user.name} का ज़मानत पत्र अभी स्वीकार नहीं हुआ है`);
    expect(toLawyer.text).toContain(`प्रिय ${lawyer.name},`);
    expect(toFamily.subject).toBe(`Correction: bail paper for ${user.name} not accepted yet`);
    expect(toFamily.text).toContain(`Dear ${user.name},`);
  });

  it('refuses once the undo window has passed (409), and the acceptance stays', async () => {
    const { user } = await memberReadyForBail();
    await accept(user.id);
    await t.db
      .update(bailReviews)
      .set({ decidedAt: new Date(Date.now() - (BAIL_UNDO_SECONDS + 5) * 1000) })
      .where(eq(bailReviews.familyMemberId, user.id));
    const res = await undo(user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('bail_undo_expired');
    expect(await t.db.select().from(bailReviews).where(eq(bailReviews.familyMemberId, user.id))).toHaveLength(1);
  });

  it('only the jail authority (401/403), 404 for an unknown member, 400 for a bad id', async () => {
    const { user, lawyer } = await memberReadyForBail();
    await accept(user.id);
    expect((await t.request('POST', `/api/jail/members/${user.id}/bail-accept/undo`)).statusCode).toBe(401);
    for (const id of [user.id, lawyer.id]) expect((await undo(user.id, await sessionCookie(t.db, id))).statusCode).toBe(403);
    expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await undo('abc')).statusCode).toBe(400);
    expect(await t.db.select().from(bailReviews).where(eq(bailReviews.familyMemberId, user.id))).toHaveLength(1);
  });
});
