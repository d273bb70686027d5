// Sign-up, sign-in, sign-out, session and profile (SPEC §2, §4, §5; DESIGN §3).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  emailPattern,
  emailRuleMessage,
  MetaSchema,
  SessionSchema,
  SetLanguageSchema,
  SignInSchema,
  SignUpSchema,
  UserSchema,
} from '#shared/accounts.ts';
import { LIMITS } from '#shared/constants.ts';
import { users } from '../../db/schema.ts';
import { AppError, invalid, isUniqueViolation, rateLimited } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { audit } from '../../lib/audit.ts';
import { clearSessionCookie, createSession, requireUser, setSessionCookie, toUser } from '../../plugins/auth.ts';
import { createUser, deleteSession, findUserByEmail } from './accounts.queries.ts';
import { timingSafeEqual } from 'node:crypto';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function accountsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const domains = env.ALLOWED_EMAIL_DOMAINS;
  const pattern = emailPattern(domains);
  const checkEmail = (email: string) => {
    if (!pattern.test(email))
      throw invalid(emailRuleMessage(domains), [{ path: 'email', message: emailRuleMessage(domains) }], 'invalid_email');
  };
  const windowMs = env.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const signInByIp = app.createRateLimit({
    max: env.RATE_LIMIT_SIGNIN_PER_IP,
    timeWindow: windowMs,
    keyGenerator: (req) => `signin-ip:${req.ip}`,
  });
  const signInByAccount = app.createRateLimit({
    max: env.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
    timeWindow: windowMs,
    keyGenerator: (req) => {
      const b = req.body as { email?: unknown } | undefined;
      return `signin-account:${typeof b?.email === 'string' ? b.email.trim().toLowerCase() : ''}`;
    },
  });
  const signUpByIp = app.createRateLimit({
    max: env.RATE_LIMIT_SIGNUP_PER_IP,
    timeWindow: windowMs,
    keyGenerator: (req) => `signup-ip:${req.ip}`,
  });

  app.get('/api/meta', { config: { roles: 'public' }, schema: { response: { 200: MetaSchema } } }, async () => ({
    emailDomains: domains,
    passwordMin: LIMITS.passwordMin,
  }));

  app.get('/api/auth/session', { config: { roles: 'public' }, schema: { response: { 200: SessionSchema } } }, async (req) => ({
    user: req.user,
  }));

  app.post(
    '/api/auth/signup',
    { config: { roles: 'public' }, schema: { body: SignUpSchema, response: { 201: UserSchema } } },
    async (req, reply) => {
      const limit = await signUpByIp(req);
      if (!limit.isAllowed && limit.isExceeded) throw rateLimited();
      const input = req.body;
      const email = input.email.toLowerCase();
      checkEmail(input.email);
      if (input.role === 'Jail-Authority' && !sameSecret(input.registrationCode ?? '', env.JAIL_AUTHORITY_CODE)) {
        throw new AppError(403, 'bad_registration_code', 'The Jail-Authority registration code is not correct.');
      }
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await db.transaction(async (tx) => {
          const row = await createUser(tx, { name: input.name, email, role: input.role, passwordHash });
          await audit(tx, row.id, 'account.created', row.id, { role: row.role });
          return row;
        });
        const session = await createSession(db, user.id, env.SESSION_TTL_HOURS);
        setSessionCookie(app, reply, session.token, session.expiresAt);
        return reply.status(201).send(toUser(user));
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'email_taken', 'An account with this email already exists.');
        throw err;
      }
    },
  );

  app.post(
    '/api/auth/signin',
    { config: { roles: 'public' }, schema: { body: SignInSchema, response: { 200: UserSchema } } },
    async (req, reply) => {
      for (const check of [signInByIp, signInByAccount]) {
        const limit = await check(req);
        if (!limit.isAllowed && limit.isExceeded) throw rateLimited('Too many sign-in attempts. Please wait 15 minutes and try again.');
      }
      const input = req.body;
      checkEmail(input.email);
      const user = await findUserByEmail(db, input.email);
      // Password first, role second: a role mismatch reveals nothing to someone without the password.
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) throw new AppError(401, 'invalid_credentials', 'Incorrect email or password.');
      if (user.role !== input.role) throw new AppError(403, 'role_mismatch', 'Role mismatch. Please select the correct role.');
      if (req.sessionId) await deleteSession(db, req.sessionId);
      const session = await createSession(db, user.id, env.SESSION_TTL_HOURS);
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return toUser(user);
    },
  );

  app.post('/api/auth/signout', { config: { roles: 'public' }, schema: { response: { 204: z.null() } } }, async (req, reply) => {
    if (req.sessionId) await deleteSession(db, req.sessionId);
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  app.get('/api/profile', { schema: { response: { 200: UserSchema } } }, async (req) => requireUser(req));

  app.put('/api/profile/language', { schema: { body: SetLanguageSchema, response: { 200: UserSchema } } }, async (req) => {
    const user = requireUser(req);
    await db.update(users).set({ language: req.body.language }).where(eq(users.id, user.id));
    return { ...user, language: req.body.language };
  });
}
