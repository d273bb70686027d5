// Sign-up, sign-in, sign-out, session and profile (docs/spec.md#2-screens-and-routes, §4, §5; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
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
  SIGN_UP_REPLY,
  SignInSchema,
  SignUpReplySchema,
  SignUpSchema,
  UserSchema,
} from '#shared/accounts.ts';
import { LIMITS } from '#shared/constants.ts';
import { users } from '../../db/schema.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { audit } from '../../lib/audit.ts';
import { enforce, hit, isMarked, mark, refund, refuse } from '../../lib/rate-limit.ts';
import { clearSessionCookie, createSession, requireUser, setSessionCookie, toUser } from '../../plugins/auth.ts';
import { createUserUnlessTaken, deleteExpiredSessions, deleteSession, findUserByEmail } from './accounts.queries.ts';
import { tellExistingAccount, tellWelcome } from './accounts.emails.ts';
import { timingSafeEqual } from 'node:crypto';
import { access } from '../../plugins/route-guard.ts';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** How long an address an account signed in from keeps its normal budget past the ceiling. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

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
  const SIGN_IN_LIMITED = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

  app.get('/api/meta', { config: access.public, schema: { response: { 200: MetaSchema } } }, async () => ({
    emailDomains: domains,
    passwordMin: LIMITS.passwordMin,
  }));

  app.get('/api/auth/session', { config: access.public, schema: { response: { 200: SessionSchema } } }, async (req) => ({
    user: req.user,
  }));

  // Sign-up answers with the same status and message whether or not the address has an account
  // (docs/decisions/0013-sign-up-starts-the-session.md). A new address gets its account, a welcome
  // email and a session at once (docs/spec.md#4-states-and-transitions: straight to the role's screen). A taken one is
  // left unchanged, signs no one in (the typed password is never checked here: that would be a
  // guessing path around the sign-in lock-out), and its owner is told by email. Both paths hash the
  // password and run the same number of statements, so they take the same time.
  app.post(
    '/api/auth/signup',
    { config: access.public, schema: { body: SignUpSchema, response: { 201: SignUpReplySchema } } },
    async (req, reply) => {
      await enforce(db, reply, { key: `signup-ip:${req.ip}`, max: env.RATE_LIMIT_SIGNUP_PER_IP, windowMs });
      const input = req.body;
      const email = input.email.toLowerCase();
      checkEmail(input.email);
      if (input.role === 'Jail-Authority' && !sameSecret(input.registrationCode ?? '', env.JAIL_AUTHORITY_CODE)) {
        throw new AppError(403, 'bad_registration_code', 'The Jail-Authority registration code is not correct.');
      }
      // Hashed either way, so a taken address costs the same time as a new one.
      const passwordHash = await hashPassword(input.password);
      const outcome = await db.transaction(async (tx) => {
        const created = await createUserUnlessTaken(tx, { name: input.name, email, role: input.role, passwordHash });
        if (created) {
          await audit(tx, created.id, 'account.created', created.id, { role: created.role });
          await tellWelcome(tx, { email, name: created.name, language: input.language ?? created.language }, created.role, env.PUBLIC_URL);
          const session = await createSession(tx, created.id, env.SESSION_TTL_HOURS);
          return { user: created, session };
        }
        const owner = await findUserByEmail(tx, email);
        if (!owner) throw new Error('sign-up: address neither free nor taken');
        await audit(tx, owner.id, 'account.signup_for_existing_address', owner.id);
        await tellExistingAccount(tx, owner, env.PUBLIC_URL);
        // The housekeeping createSession does on the other path: the same statements either way.
        await deleteExpiredSessions(tx, owner.id);
        return { user: null, session: null };
      });
      if (!outcome.session) return reply.status(201).send({ message: SIGN_UP_REPLY, user: null });
      if (req.sessionId) await deleteSession(db, req.sessionId);
      setSessionCookie(app, reply, outcome.session.token, outcome.session.expiresAt);
      return reply.status(201).send({ message: SIGN_UP_REPLY, user: toUser(outcome.user) });
    },
  );

  // Lock-out is per account and address, so guessing from elsewhere never locks the owner out. A
  // looser ceiling per account bounds guessing from many addresses; past it, an address the account
  // never signed in from gets a small budget of its own, and one it did keeps its normal budget.
  // Only failures count against the account: a right password gives its hits back.
  app.post(
    '/api/auth/signin',
    { config: access.public, schema: { body: SignInSchema, response: { 200: UserSchema } } },
    async (req, reply) => {
      await enforce(db, reply, { key: `signin-ip:${req.ip}`, max: env.RATE_LIMIT_SIGNIN_PER_IP, windowMs }, SIGN_IN_LIMITED);
      const input = req.body;
      checkEmail(input.email);
      const email = input.email.toLowerCase();
      const pairKey = `signin-pair:${email}|${req.ip}`;
      const accountKey = `signin-account:${email}`;
      const knownKey = `signin-known:${email}|${req.ip}`;
      const pair = await hit(db, pairKey, env.RATE_LIMIT_SIGNIN_PER_ACCOUNT, windowMs);
      if (!pair.allowed) refuse(reply, pair, SIGN_IN_LIMITED);
      const account = await hit(db, accountKey, env.RATE_LIMIT_SIGNIN_ACCOUNT_CEILING, windowMs);
      if (!account.allowed && !(await isMarked(db, knownKey))) {
        const fresh = await hit(db, `signin-new:${email}|${req.ip}`, env.RATE_LIMIT_SIGNIN_NEW_ADDRESS, windowMs);
        if (!fresh.allowed) refuse(reply, fresh, SIGN_IN_LIMITED);
      }
      const user = await findUserByEmail(db, email);
      // Password first, role second: a role mismatch reveals nothing to someone without the password.
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) throw new AppError(401, 'invalid_credentials', 'Incorrect email or password.');
      await Promise.all([refund(db, pairKey), refund(db, accountKey), mark(db, knownKey, KNOWN_ADDRESS_MS)]);
      if (user.role !== input.role) throw new AppError(403, 'role_mismatch', 'Role mismatch. Please select the correct role.');
      if (req.sessionId) await deleteSession(db, req.sessionId);
      const session = await createSession(db, user.id, env.SESSION_TTL_HOURS);
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return toUser(user);
    },
  );

  app.post('/api/auth/signout', { config: access.public, schema: { response: { 204: z.null() } } }, async (req, reply) => {
    if (req.sessionId) await deleteSession(db, req.sessionId);
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  app.get('/api/profile', { config: access.signedIn, schema: { response: { 200: UserSchema } } }, async (req) => requireUser(req));

  app.put(
    '/api/profile/language',
    { config: access.signedIn, schema: { body: SetLanguageSchema, response: { 200: UserSchema } } },
    async (req) => {
      const user = requireUser(req);
      await db.update(users).set({ language: req.body.language }).where(eq(users.id, user.id));
      return { ...user, language: req.body.language };
    },
  );
}
