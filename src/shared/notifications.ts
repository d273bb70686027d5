// In-app notifications: the bell, the list, mark as read, and the reminder-email setting.
import { z } from 'zod';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell shows "99+" beyond this; counting stops there so the count stays cheap. */
export const UNREAD_COUNT_CAP = 100;

export const NotificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  /** Rendered by the server in the reader's saved language. */
  title: z.string(),
  body: z.string(),
  /** A path inside the app, e.g. /family-case. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.strictObject({
  /** A previous page's nextCursor (its last item's time and id). */
  before: z.string().min(1).max(200).optional(),
});

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export const NotificationParamsSchema = z.strictObject({ id: z.uuid() });

export const NotificationPreferencesSchema = z.strictObject({ emailReminders: z.boolean() });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
