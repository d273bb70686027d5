// Sign-up accepts the privacy notice, and a family member under 18 opens an account only once a parent
// confirms by an emailed link (docs/decisions/0053-notice-and-consent.md).
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditEvents, emailOutbox, sessions, users } from '#server/db/schema.ts';
import { NOTICE_VERSION } from '#shared/privacy.ts';
import { confirmTokenFor, useTestApp } from '#tests/test-app.ts';
import { uniqueEmail } from '#tests/factories.ts';

const t = useTestApp();

const signUp = (body: Record<string, unknown>) => t.request('POST', '/api/auth/signup', { body, asTyped: true });
const base = (email: string) => ({ role: 'Family-Member', name: 'Asha', email, password: 'longenough1' });
const rowOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

async function parentToken(parentEmail: string): Promise<string> {
  const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, parentEmail)).orderBy(desc(emailOutbox.createdAt));
  const token = /\/parent-consent\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no parent link emailed to ${parentEmail}`);
  return token;
}

describe('the privacy notice at sign-up', () => {
  it('refuses a sign-up that does not accept it (400 notice_not_accepted) and writes nothing', async () => {
    for (const acceptNotice of [undefined, false]) {
      const email = uniqueEmail('nonotice');
      const res = await signUp({ ...base(email), adult: true, acceptNotice });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'notice_not_accepted', details: [{ path: 'acceptNotice' }] });
      expect(await rowOf(email)).toBeUndefined();
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toEqual([]);
    }
  });

  it('records which version was accepted and when', async () => {
    const email = uniqueEmail('notice');
    const before = Date.now();
    expect((await signUp({ ...base(email), adult: true, acceptNotice: true })).statusCode).toBe(201);
    const row = await rowOf(email);
    expect(row).toMatchObject({ noticeVersion: NOTICE_VERSION, noticeWithdrawnAt: null, parentEmail: null });
    expect(row!.noticeAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const opened = await t.request('POST', '/api/auth/confirm', {
      body: { token: await confirmTokenFor(t.db, email), password: 'longenough1' },
    });
    expect(opened.statusCode).toBe(200);
    const own = await t.request('GET', '/api/profile/consent', { cookie: String(opened.headers['set-cookie']).split(';')[0] });
    expect(own.json()).toMatchObject({ noticeVersion: NOTICE_VERSION, withdrawnAt: null, currentVersion: NOTICE_VERSION });
  });
});

describe('a sign-up under 18', () => {
  it('must say 18 or older or give a parent’s address (400 parent_email_required), not its own', async () => {
    const email = uniqueEmail('noage');
    for (const extra of [{}, { adult: false }, { adult: false, parentEmail: 'not an address' }, { adult: false, parentEmail: email }]) {
      const res = await signUp({ ...base(email), acceptNotice: true, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.code).toBe('parent_email_required');
    }
    expect(await rowOf(email)).toBeUndefined();
  });

  it('an official must be 18 or older (400 adult_required)', async () => {
    const res = await signUp({
      role: 'Lawyer',
      name: 'L',
      email: uniqueEmail('younglawyer'),
      password: 'longenough1',
      acceptNotice: true,
      parentEmail: uniqueEmail('p'),
    });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'adult_required']);
  });

  it('stays closed until the parent confirms by the emailed link; the confirmation is recorded', async () => {
    const email = uniqueEmail('minor');
    const parent = uniqueEmail('parent');
    expect(
      (await signUp({ ...base(email), name: 'Chhotu', acceptNotice: true, adult: false, parentEmail: parent, language: 'hi' })).statusCode,
    ).toBe(201);
    const row = await rowOf(email);
    expect(row).toMatchObject({ parentEmail: parent, parentConsentedAt: null, confirmedAt: null });
    // The parent's email, in the child's language, names the child; only the token's hash is kept.
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, parent));
    expect(mail!.subject).toBe('Chhotu अपने रिहाई खाते के लिए आपकी सहमति माँग रहे हैं');
    expect(mail!.text).toContain(email);
    const token = await parentToken(parent);
    expect(row!.parentTokenHash).not.toContain(token);

    // Opening the account's own link is refused while the parent has not confirmed; the link stays good.
    const confirmBody = { token: await confirmTokenFor(t.db, email), password: 'longenough1' };
    const early = await t.request('POST', '/api/auth/confirm', { body: confirmBody });
    expect([early.statusCode, early.json().error.code]).toEqual([403, 'parent_consent_pending']);
    expect(early.headers['set-cookie']).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toEqual([]);
    // Nor does signing in open it.
    const signIn = await t.request('POST', '/api/auth/signin', { body: { role: 'Family-Member', email, password: 'longenough1' } });
    expect(signIn.statusCode).toBe(401);

    // The parent's page names the child, then records the confirmation.
    const look = await t.request('POST', '/api/auth/parent-consent/look-up', { body: { token } });
    expect(look.json()).toEqual({ childName: 'Chhotu', childEmail: email, confirmed: false });
    const bad = await t.request('POST', '/api/auth/parent-consent', { body: { token: 'x'.repeat(43) } });
    expect([bad.statusCode, bad.json().error.code]).toEqual([404, 'parent_link_invalid']);
    const yes = await t.request('POST', '/api/auth/parent-consent', { body: { token } });
    expect(yes.statusCode).toBe(200);
    expect(yes.json().confirmed).toBe(true);
    const after = await rowOf(email);
    expect(after!.parentConsentedAt).not.toBeNull();
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.subject, row!.id));
    expect(events.find((e) => e.action === 'account.parent_consented')?.details).toEqual({ parentEmail: parent });

    const opened = await t.request('POST', '/api/auth/confirm', { body: confirmBody });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['set-cookie']).toBeDefined();
  });

  it('an expired parent link opens nothing', async () => {
    const email = uniqueEmail('minor2');
    const parent = uniqueEmail('parent2');
    await signUp({ ...base(email), acceptNotice: true, adult: false, parentEmail: parent });
    const token = await parentToken(parent);
    await t.db
      .update(users)
      .set({ parentTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.email, email));
    const res = await t.request('POST', '/api/auth/parent-consent', { body: { token } });
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'parent_link_invalid']);
    expect((await rowOf(email))!.parentConsentedAt).toBeNull();
  });
});
