// In-app notifications: the reader's own only, newest first, keyset-paginated
// on notifications_user_idx; the unread count is capped and uses the partial unread index.
import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE, UNREAD_COUNT_CAP, type Notification, type NotificationList } from '#shared/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import { renderMessage, MESSAGE_KINDS, type MessageKind } from '../../lib/messages.ts';
import { decodeTimeCursor, encodeTimeCursor, exactTimeText } from '../../lib/time-cursor.ts';

export async function countUnread(db: Db, userId: string): Promise<number> {
  const unread = db
    .select({ one: sql`1`.as('one') })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as('unread');
  const [row] = await db.select({ n: count() }).from(unread);
  return row?.n ?? 0;
}

export async function listNotifications(
  db: Db,
  user: { id: string; language: string | null },
  before: string | undefined,
): Promise<NotificationList> {
  // The cursor holds the time to the microsecond (lib/time-cursor.ts): two notifications made within
  // the same millisecond on either side of a page's end are neither repeated nor skipped.
  const cursor = before === undefined ? undefined : decodeTimeCursor(before, 'before');
  const rows = await db
    .select({ ...getTableColumns(notifications), at: exactTimeText(notifications.createdAt) })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        cursor ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const items: Notification[] = page.map((n) => {
    const kind = (MESSAGE_KINDS as readonly string[]).includes(n.kind) ? (n.kind as MessageKind) : undefined;
    const text = kind ? renderMessage(user.language, kind, n.params) : { subject: n.kind, body: '' };
    return {
      id: n.id,
      kind: n.kind,
      title: text.subject,
      body: text.body,
      link: n.link,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
    };
  });
  const last = page[page.length - 1];
  return {
    items,
    unread: await countUnread(db, user.id),
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeTimeCursor({ at: last.at, id: last.id }) : null,
  };
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const [own] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!own) return false;
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  return true;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function getEmailReminders(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.emailReminders }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.on ?? true;
}

export async function setEmailReminders(db: Db, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ emailReminders: on }).where(eq(users.id, userId));
}
