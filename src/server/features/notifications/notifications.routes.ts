// The bell: every role reads and marks its own notifications, and chooses
// whether reminders also come by email. Texts are rendered in the reader's saved language.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotificationListSchema,
  NotificationParamsSchema,
  NotificationPreferencesSchema,
  NotificationsQuerySchema,
  UnreadCountSchema,
} from '#shared/notifications.ts';
import { requireUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { countUnread, getEmailReminders, listNotifications, markAllRead, markRead } from './notifications.queries.ts';
import { changeReminderEmails } from './notifications.use-cases.ts';
import { access } from '../../plugins/route-guard.ts';

export async function notificationsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/notifications',
    { config: access.signedIn, schema: { querystring: NotificationsQuerySchema, response: { 200: NotificationListSchema } } },
    async (req) => listNotifications(db, requireUser(req), req.query.before),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: access.signedIn, schema: { response: { 200: UnreadCountSchema } } },
    async (req) => ({
      unread: await countUnread(db, requireUser(req).id),
    }),
  );

  app.post(
    '/api/notifications/:id/read',
    { config: access.signedIn, schema: { params: NotificationParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      if (!(await markRead(db, requireUser(req).id, req.params.id))) throw notFound('notification');
      return reply.status(204).send(null);
    },
  );

  app.post('/api/notifications/read-all', { config: access.signedIn, schema: { response: { 204: z.null() } } }, async (req, reply) => {
    await markAllRead(db, requireUser(req).id);
    return reply.status(204).send(null);
  });

  app.get(
    '/api/notifications/preferences',
    { config: access.signedIn, schema: { response: { 200: NotificationPreferencesSchema } } },
    async (req) => ({ emailReminders: await getEmailReminders(db, requireUser(req).id) }),
  );

  app.put(
    '/api/notifications/preferences',
    { config: access.signedIn, schema: { body: NotificationPreferencesSchema, response: { 200: NotificationPreferencesSchema } } },
    async (req) => {
      const user = requireUser(req);
      await changeReminderEmails(db, user.id, req.body.emailReminders);
      return { emailReminders: req.body.emailReminders };
    },
  );
}
