// POST /api/contact (docs/spec.md#2-screens-and-routes Contact form, §4 Contact; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): the message is stored and two
// emails are queued in one transaction — to the operator (CONTACT_TO) and an auto-reply to the sender.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactResultSchema, CONTACT_SENT, CONTACT_SENT_NO_AUTO_REPLY, SendContactMessageSchema } from '#shared/contact.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { requireUser } from '../../plugins/auth.ts';
import { sendContactMessage } from './contact.use-cases.ts';
import { access } from '../../plugins/route-guard.ts';

/** Per signed-in user and per address (IP): enough for a real conversation, not for spam. */
export const CONTACT_LIMITS = { perUserPerHour: 5, perIpPerHour: 20 } as const;

export async function contactRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const hour = 3_600_000;

  // Signed-in users only: the About screens that open the form are behind sign-in, and an open
  // form would let anyone make the server mail arbitrary addresses.
  app.post(
    '/api/contact',
    { config: access.signedIn, schema: { body: SendContactMessageSchema, response: { 201: ContactResultSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const tooMany = 'Too many messages. Please wait an hour and try again.';
      await enforce(db, reply, { key: `contact-user:${user.id}`, max: CONTACT_LIMITS.perUserPerHour, windowMs: hour }, tooMany);
      await enforce(db, reply, { key: `contact-ip:${req.ip}`, max: CONTACT_LIMITS.perIpPerHour, windowMs: hour }, tooMany);
      const result = await sendContactMessage(db, { ...req.body, userId: user.id, operatorEmail: env.CONTACT_TO, language: user.language });
      return reply.status(201).send({ ...result, message: result.autoReply ? CONTACT_SENT : CONTACT_SENT_NO_AUTO_REPLY });
    },
  );
}
