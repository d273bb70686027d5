// Forgot password → emailed single-use link (30 minutes) → new password, every session ended
// (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong). Public routes, rate-limited; the answer never reveals an account.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FORGOT_PASSWORD_REPLY, ForgotPasswordSchema, PasswordsReplySchema, ResetPasswordSchema } from '#shared/passwords.ts';
import { invalid } from '../../lib/errors.ts';
import { enforce, enforceEmailLinkBudget } from '../../lib/rate-limit.ts';
import { canonicalEmail } from '#shared/email.ts';
import { hashPassword, refuseCommonPassword } from '../../lib/password.ts';
import { clearSessionCookie } from '../../plugins/auth.ts';
import { findValidReset, startPasswordReset } from './passwords.queries.ts';
import { completePasswordReset } from './passwords.use-cases.ts';
import { access } from '../../plugins/route-guard.ts';

export const RESET_LINK_INVALID = 'This reset link is invalid, already used or expired. Please ask for a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Please sign in with your new password.';

export async function passwordsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const windowMs = env.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  app.post(
    '/api/passwords/forgot',
    { config: access.public, schema: { body: ForgotPasswordSchema, response: { 200: PasswordsReplySchema } } },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      await enforce(db, reply, { key: `forgot-ip:${req.ip}`, max: 20, windowMs });
      // A few links per asker, and a ceiling per mailbox that a stranger cannot spend for the owner.
      await enforceEmailLinkBudget(db, reply, { purpose: 'forgot', canonicalEmail: canonicalEmail(email), ip: req.ip, windowMs });
      // The same statements run whether or not the account exists (constant time).
      await startPasswordReset(db, email, env.PUBLIC_URL);
      return { message: FORGOT_PASSWORD_REPLY };
    },
  );

  app.post(
    '/api/passwords/reset',
    { config: access.public, schema: { body: ResetPasswordSchema, response: { 200: PasswordsReplySchema } } },
    async (req, reply) => {
      await enforce(db, reply, { key: `reset-ip:${req.ip}`, max: 30, windowMs });
      const fail = () => invalid(RESET_LINK_INVALID, [{ path: 'token', message: RESET_LINK_INVALID }], 'reset_link_invalid');
      // Check the token before spending time hashing: a bad link costs the server nothing.
      const reset = await findValidReset(db, req.body.token);
      if (!reset) throw fail();
      await refuseCommonPassword(req.body.password, 'password');
      const passwordHash = await hashPassword(req.body.password);
      if (!(await completePasswordReset(db, reset.id, passwordHash))) throw fail();
      // The browser's own session (if any) ended with all the others.
      clearSessionCookie(reply);
      return { message: PASSWORD_RESET_DONE };
    },
  );
}
