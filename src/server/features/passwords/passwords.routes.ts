// Forgot password → emailed single-use link (30 minutes) → new password, every session ended
// (issue 6 item 4; DESIGN §3). Public routes, rate-limited; the answer never reveals an account.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FORGOT_PASSWORD_REPLY, ForgotPasswordSchema, PasswordsReplySchema, ResetPasswordSchema } from '#shared/passwords.ts';
import { invalid, rateLimited } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { clearSessionCookie } from '../../plugins/auth.ts';
import { findUserByEmail } from '../accounts/accounts.queries.ts';
import { completePasswordReset, findValidReset, startPasswordReset } from './passwords.queries.ts';

export const RESET_LINK_INVALID = 'This reset link is invalid, already used or expired. Please ask for a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Please sign in with your new password.';

export async function passwordsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const windowMs = env.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const forgotByIp = app.createRateLimit({ max: 20, timeWindow: windowMs, keyGenerator: (req) => `forgot-ip:${req.ip}` });
  // A mailbox gets at most a few links per window, whoever asks for them.
  const forgotByEmail = app.createRateLimit({
    max: 3,
    timeWindow: windowMs,
    keyGenerator: (req) => {
      const b = req.body as { email?: unknown } | undefined;
      return `forgot-email:${typeof b?.email === 'string' ? b.email.trim().toLowerCase() : ''}`;
    },
  });
  const resetByIp = app.createRateLimit({ max: 30, timeWindow: windowMs, keyGenerator: (req) => `reset-ip:${req.ip}` });

  app.post(
    '/api/passwords/forgot',
    { config: { roles: 'public' }, schema: { body: ForgotPasswordSchema, response: { 200: PasswordsReplySchema } } },
    async (req) => {
      for (const check of [forgotByIp, forgotByEmail]) {
        const limit = await check(req);
        if (!limit.isAllowed && limit.isExceeded) throw rateLimited();
      }
      const user = await findUserByEmail(db, req.body.email.trim());
      if (user) await startPasswordReset(db, user, env.PUBLIC_URL);
      return { message: FORGOT_PASSWORD_REPLY };
    },
  );

  app.post(
    '/api/passwords/reset',
    { config: { roles: 'public' }, schema: { body: ResetPasswordSchema, response: { 200: PasswordsReplySchema } } },
    async (req, reply) => {
      const limit = await resetByIp(req);
      if (!limit.isAllowed && limit.isExceeded) throw rateLimited();
      const fail = () => invalid(RESET_LINK_INVALID, [{ path: 'token', message: RESET_LINK_INVALID }], 'reset_link_invalid');
      // Check the token before spending time hashing: a bad link costs the server nothing.
      const reset = await findValidReset(db, req.body.token);
      if (!reset) throw fail();
      const passwordHash = await hashPassword(req.body.password);
      if (!(await completePasswordReset(db, reset.id, passwordHash))) throw fail();
      // The browser's own session (if any) ended with all the others.
      clearSessionCookie(reply);
      return { message: PASSWORD_RESET_DONE };
    },
  );
}
