// What changes a person's notification settings, with its audit entry, in one transaction.
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { setEmailReminders } from './notifications.queries.ts';

/** Reminder emails on or off for this person (the in-app notices stay). */
export async function changeReminderEmails(db: Db, userId: string, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await setEmailReminders(tx, userId, on);
    await audit(tx, userId, 'profile.reminder_emails', userId, { on });
  });
}
