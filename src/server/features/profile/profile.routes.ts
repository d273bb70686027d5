// /edit-profile: the signed-in user edits their own name and registration details and changes their
// password; each route parses and calls one use case (profile.use-cases.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordSchema, ProfileDetailsSchema, UpdateProfileSchema } from '#shared/profile.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as profile from './profile.use-cases.ts';
import * as consent from '../family/consent.use-cases.ts';
import { GiveOwnConsentSchema, OwnConsentSchema } from '#shared/privacy.ts';
import { invalid } from '../../lib/errors.ts';
import { NOTICE_NOT_ACCEPTED } from '../accounts/accounts.routes.ts';
import { access } from '../../plugins/route-guard.ts';

export async function profileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get('/api/profile/details', { config: access.signedIn, schema: { response: { 200: ProfileDetailsSchema } } }, async (req) =>
    profile.getDetails(deps, requireUser(req)),
  );

  app.put(
    '/api/profile/details',
    { config: access.signedIn, schema: { body: UpdateProfileSchema, response: { 200: ProfileDetailsSchema } } },
    async (req) => profile.updateDetails(deps, requireUser(req), req.body),
  );

  // The member's own consent to the privacy notice (docs/decisions/0053-notice-and-consent.md).
  app.get('/api/profile/consent', { config: access.signedIn, schema: { response: { 200: OwnConsentSchema } } }, async (req) =>
    consent.getOwnConsent(deps, requireUser(req)),
  );
  app.post('/api/profile/consent/withdraw', { config: access.signedIn, schema: { response: { 200: OwnConsentSchema } } }, async (req) =>
    consent.withdrawOwnConsent(deps, requireUser(req)),
  );
  app.put(
    '/api/profile/consent',
    { config: access.signedIn, schema: { body: GiveOwnConsentSchema, response: { 200: OwnConsentSchema } } },
    async (req) => {
      if (req.body.acceptNotice !== true) {
        throw invalid(NOTICE_NOT_ACCEPTED, [{ path: 'acceptNotice', message: NOTICE_NOT_ACCEPTED }], 'notice_not_accepted');
      }
      return consent.giveOwnConsent(deps, requireUser(req));
    },
  );

  app.put(
    '/api/profile/password',
    { config: access.signedIn, schema: { body: ChangePasswordSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      const user = requireUser(req);
      // Someone holding a stolen session must not be able to guess the current password at leisure.
      await enforce(deps.db, reply, { key: `password-change:${user.id}`, max: 10, windowMs: deps.env.RATE_LIMIT_WINDOW_MINUTES * 60_000 });
      await profile.changePassword(deps, user, req.sessionId ?? undefined, req.body);
      return reply.status(204).send(null);
    },
  );
}
