// notify's audit entry (docs/decisions/0068-fewer-statements-a-write.md): written in the statement of
// the notice and its email, or on its own when no email goes; its emailIds name the emails given and
// the one just queued.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, notifications, users } from '#server/db/schema.ts';
import { createFamilyMember } from '#tests/factories.ts';
import { createTestDb, type TestDb } from '#tests/test-db.ts';
import { findRecipient, notify } from './notify.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('notify with an audit entry', () => {
  it('writes the notice, the email and the entry, whose emailIds end with this email', async () => {
    const { user } = await createFamilyMember(t.db);
    const recipient = (await findRecipient(t.db, user.id))!;
    const emailId = await notify(t.db, recipient, {
      kind: 'bail_accepted_family',
      params: {},
      link: '/family-case',
      publicUrl: 'http://localhost:3000',
      audit: { actorId: user.id, action: 'test.noticed', subject: user.id, details: { a: 1 }, emailIdsWith: ['earlier'] },
    });
    expect(emailId).toBeTruthy();
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId!))).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
    const entries = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.noticed'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: user.id, subject: user.id, details: { a: 1, emailIds: ['earlier', emailId] } });
  });

  it('without emailIdsWith keeps the details as given', async () => {
    const { user } = await createFamilyMember(t.db);
    const recipient = (await findRecipient(t.db, user.id))!;
    await notify(t.db, recipient, {
      kind: 'request_rejected',
      params: { lawyer: 'L' },
      link: '/lawyerSearch',
      publicUrl: 'http://localhost:3000',
      audit: { actorId: user.id, action: 'test.plain', subject: user.id, details: { requestId: 'r1' } },
    });
    const [entry] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.plain'));
    expect(entry?.details).toEqual({ requestId: 'r1' });
  });

  it('a reminder the person turned off: the notice and the entry, no email, emailIds only those given', async () => {
    const { user } = await createFamilyMember(t.db);
    await t.db.update(users).set({ emailReminders: false }).where(eq(users.id, user.id));
    const recipient = (await findRecipient(t.db, user.id))!;
    const emailId = await notify(t.db, recipient, {
      kind: 'hearing_reminder',
      params: { caseNumber: 'C-1', date: '2026-12-01', court: 'Court' },
      link: '/family-case',
      publicUrl: 'http://localhost:3000',
      reminder: true,
      audit: { actorId: user.id, action: 'test.reminded', subject: user.id, emailIdsWith: ['earlier'] },
    });
    expect(emailId).toBeUndefined();
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toHaveLength(0);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
    const [entry] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.reminded'));
    expect(entry?.details).toEqual({ emailIds: ['earlier'] });
  });
});
