// Sign-up, sign-in, sign-out, session and profile (docs/spec.md#2-screens-and-routes, §4, §5; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ConfirmEmailSchema,
  emailPattern,
  emailRuleMessage,
  MetaSchema,
  RESEND_CONFIRMATION_REPLY,
  ResendConfirmationSchema,
  SessionSchema,
  SetLanguageSchema,
  SIGN_UP_REPLY,
  SignInSchema,
  SignUpReplySchema,
  SignUpSchema,
  UserSchema,
  type User,
} from '#shared/accounts.ts';
import { LIMITS } from '#shared/constants.ts';
import { users } from '../../db/schema.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../../lib/password.ts';

import { enforce, enforceEmailLinkBudget, hit, isMarked, knownAddressKey, mark, refund, refuse } from '../../lib/rate-limit.ts';
import { canonicalEmail } from '#shared/email.ts';
import { clearSessionCookie, createSession, findSessionUser, requireUser, setSessionCookie, toUser } from '../../plugins/auth.ts';
import { deleteSession, findUserByEmail, findUserById } from './accounts.queries.ts';
import { confirmParent, findParentLink, officialScope, openAccount, recordSignup, type SignupWithParent } from './accounts.use-cases.ts';
import { NOTICE_VERSION, ParentConsentPreviewSchema, ParentConsentTokenSchema } from '#shared/privacy.ts';
import { isCodeLive } from '../prisons/prisons.queries.ts';
import { findValidLink, sendLinkIfAccount } from '../../lib/email-links.ts';
import { access } from '../../plugins/route-guard.ts';

export const INVALID_CREDENTIALS = 'Incorrect email or password. If you have just signed up, open the link we emailed you first.';
export const CONFIRM_PASSWORD_WRONG =
  'This is not the password chosen when this link was made. Type the password you chose when you signed up; if you signed up more than once, open the newest email.';
export const CONFIRM_LINK_INVALID =
  'This link is invalid, already used or expired. Ask for a new one below, or sign in if your account is already open.';

export const NOTICE_NOT_ACCEPTED = 'Read the privacy notice and tick the box to accept it.';
export const PARENT_EMAIL_REQUIRED =
  "If you are under 18, give your parent's or guardian's email address (not your own): they must agree before your account opens.";
export const ADULT_REQUIRED = 'Lawyers and officials must be 18 or older.';
export const PARENT_CONSENT_PENDING =
  'Your parent or guardian has not agreed yet. We emailed them a link: your account opens once they confirm.';
export const PARENT_LINK_INVALID = 'This link is invalid or expired. Ask your child to sign up again to send a new one.';

/** How long an address an account signed in from keeps its normal budget past the ceiling. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

export async function accountsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const domains = env.ALLOWED_EMAIL_DOMAINS;
  const pattern = emailPattern(domains);
  // Given the address in lower case: a phone capitalises the first letter ("Geeta.devi@gmail.com").
  const checkEmail = (email: string) => {
    if (!pattern.test(email))
      throw invalid(emailRuleMessage(domains), [{ path: 'email', message: emailRuleMessage(domains) }], 'invalid_email');
  };
  const windowMs = env.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const SIGN_IN_LIMITED = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
  // The new session's user as the session endpoint answers it: with the second factor it still
  // needs, if any, so the page goes on to that step (docs/decisions/0043-second-factor-for-officials.md).
  const withSecondFactorStep = async (token: string, user: User): Promise<User> =>
    (await findSessionUser(db, token, env.SESSION_IDLE_MINUTES))?.user ?? user;

  app.get('/api/meta', { config: access.public, schema: { response: { 200: MetaSchema } } }, async () => ({
    emailDomains: domains,
    passwordMin: LIMITS.passwordMin,
  }));

  app.get('/api/auth/session', { config: access.public, schema: { response: { 200: SessionSchema } } }, async (req) => ({
    user: req.user,
  }));

  // Sign-up signs no one in and answers the same whether or not the address has an account
  // (docs/decisions/0018-signup-confirm-by-email-link.md): a new address gets an account that is
  // not confirmed yet and an emailed link that opens it; a taken one is left unchanged (the typed
  // password is never checked here: that would be a guessing path around the sign-in lock-out) and
  // its owner is emailed: a fresh link when the account is still waiting to be opened, else a notice.
  // Every path hashes the password and runs the same statements, so none takes longer.
  app.post(
    '/api/auth/signup',
    { config: access.public, schema: { body: SignUpSchema, response: { 201: SignUpReplySchema } } },
    async (req, reply) => {
      await enforce(db, reply, { key: `signup-ip:${req.ip}`, max: env.RATE_LIMIT_SIGNUP_PER_IP, windowMs });
      const input = req.body;
      const email = input.email.toLowerCase();
      checkEmail(email);
      // The notice and the age come first: a refusal writes nothing (docs/decisions/0053-notice-and-consent.md).
      if (input.acceptNotice !== true) {
        throw invalid(NOTICE_NOT_ACCEPTED, [{ path: 'acceptNotice', message: NOTICE_NOT_ACCEPTED }], 'notice_not_accepted');
      }
      const parentEmail = input.adult === true ? null : (input.parentEmail ?? '').toLowerCase();
      if (parentEmail !== null) {
        if (input.role !== 'Family-Member') throw invalid(ADULT_REQUIRED, [{ path: 'adult', message: ADULT_REQUIRED }], 'adult_required');
        if (!pattern.test(parentEmail) || canonicalEmail(parentEmail) === canonicalEmail(email)) {
          throw invalid(PARENT_EMAIL_REQUIRED, [{ path: 'parentEmail', message: PARENT_EMAIL_REQUIRED }], 'parent_email_required');
        }
      }
      const scope = await officialScope(db, input.role, input.registrationCode ?? '', env.JAIL_AUTHORITY_CODE);
      await refuseCommonPassword(input.password, 'password');
      // Hashed either way, so a taken address costs the same time as a new one.
      const passwordHash = await hashPassword(input.password);
      const choices = {
        name: input.name,
        email,
        role: input.role,
        passwordHash,
        language: input.language ?? null,
        ...scope,
        noticeVersion: NOTICE_VERSION,
        parentEmail,
      };
      await recordSignup(db, choices, env.PUBLIC_URL);
      return reply.status(201).send({ message: SIGN_UP_REPLY });
    },
  );

  // The emailed link's page posts its token here: the account is confirmed, the link spent and a
  // session started, all or nothing. A GET never acts (mail scanners fetch links).
  app.post(
    '/api/auth/confirm',
    { config: access.public, schema: { body: ConfirmEmailSchema, response: { 200: UserSchema } } },
    async (req, reply) => {
      // Each sign-up's link is opened about once: twice the sign-up budget leaves room to retry.
      await enforce(db, reply, { key: `confirm-ip:${req.ip}`, max: 2 * env.RATE_LIMIT_SIGNUP_PER_IP, windowMs });
      const linkInvalid = () => invalid(CONFIRM_LINK_INVALID, [{ path: 'token', message: CONFIRM_LINK_INVALID }], 'confirm_link_invalid');
      const link = await findValidLink(db, req.body.token, 'confirm');
      const account = link ? await findUserById(db, link.userId) : undefined;
      if (!link || !account) throw linkInvalid();
      // The sign-up this link was made for decides, and only for the person who chose its password;
      // a resent link opens the account's own (latest) choices, with the same proof.
      const signup: SignupWithParent | undefined = account.confirmedAt ? undefined : (link.signup ?? undefined);
      if (!(await verifyPassword(signup?.passwordHash ?? account.passwordHash, req.body.password))) {
        throw invalid(CONFIRM_PASSWORD_WRONG, [{ path: 'password', message: CONFIRM_PASSWORD_WRONG }], 'confirm_password_wrong');
      }
      // A code revoked since the sign-up opens nothing.
      if (signup?.codeId && !(await isCodeLive(db, signup.codeId))) {
        throw new AppError(403, 'bad_registration_code', 'The registration code is not correct.');
      }
      // A minor's account opens only once the parent confirmed (the link stays good to try again).
      const minor = signup ? !!signup.parentEmail : !!account.parentEmail;
      if (minor && !account.parentConsentedAt) throw new AppError(403, 'parent_consent_pending', PARENT_CONSENT_PENDING);
      const confirmed = await openAccount(db, link.id, signup, env.SESSION_TTL_HOURS);
      if (!confirmed) throw linkInvalid();
      if (req.sessionId) await deleteSession(db, req.sessionId);
      setSessionCookie(app, reply, confirmed.session.token, confirmed.session.expiresAt);
      return withSecondFactorStep(confirmed.session.token, toUser(confirmed.user));
    },
  );

  // A new link for an account still waiting to be opened; the same answer and work for any address.
  app.post(
    '/api/auth/confirm/resend',
    { config: access.public, schema: { body: ResendConfirmationSchema, response: { 200: SignUpReplySchema } } },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      await enforce(db, reply, { key: `resend-ip:${req.ip}`, max: 20, windowMs });
      await enforceEmailLinkBudget(db, reply, { purpose: 'resend', canonicalEmail: canonicalEmail(email), ip: req.ip, windowMs });
      await sendLinkIfAccount(db, email, 'confirm', env.PUBLIC_URL);
      return { message: RESEND_CONFIRMATION_REPLY };
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
      const email = input.email.toLowerCase();
      checkEmail(email);
      // Counted per inbox (a.b+x@gmail.com is ab@gmail.com), so spellings do not multiply a budget.
      const inbox = canonicalEmail(email);
      const pairKey = `signin-pair:${inbox}|${req.ip}`;
      const accountKey = `signin-account:${inbox}`;
      const knownKey = knownAddressKey(inbox, req.ip);
      const pair = await hit(db, pairKey, env.RATE_LIMIT_SIGNIN_PER_ACCOUNT, windowMs);
      if (!pair.allowed) refuse(reply, pair, SIGN_IN_LIMITED);
      const account = await hit(db, accountKey, env.RATE_LIMIT_SIGNIN_ACCOUNT_CEILING, windowMs);
      if (!account.allowed && !(await isMarked(db, knownKey))) {
        const fresh = await hit(db, `signin-new:${inbox}|${req.ip}`, env.RATE_LIMIT_SIGNIN_NEW_ADDRESS, windowMs);
        if (!fresh.allowed) refuse(reply, fresh, SIGN_IN_LIMITED);
      }
      const user = await findUserByEmail(db, email);
      // Password first, role second: a role mismatch reveals nothing to someone without the password.
      const ok = await verifyPassword(user?.passwordHash, input.password);
      // An account not opened yet answers as a wrong password does (sign-up hid that it exists),
      // and the right password gets a fresh link sent to the address, which only its owner reads.
      // Every failure runs the same statements, sending or not (docs/decisions/0018-signup-confirm-by-email-link.md).
      if (!user || !ok || !user.confirmedAt || user.disabledAt) {
        await sendLinkIfAccount(db, email, 'confirm', env.PUBLIC_URL, ok);
        throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }
      await Promise.all([refund(db, pairKey), refund(db, accountKey), mark(db, knownKey, KNOWN_ADDRESS_MS)]);
      if (user.role !== input.role) throw new AppError(403, 'role_mismatch', 'Role mismatch. Please select the correct role.');
      if (user.parentEmail && !user.parentConsentedAt) throw new AppError(403, 'parent_consent_pending', PARENT_CONSENT_PENDING);
      if (req.sessionId) await deleteSession(db, req.sessionId);
      const session = await createSession(db, user.id, env.SESSION_TTL_HOURS);
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return withSecondFactorStep(session.token, toUser(user));
    },
  );

  // The parent's page (docs/decisions/0053-notice-and-consent.md): whose sign-up waits, then the
  // confirmation. The token travels in a POST body, never a logged URL; a GET never acts.
  const parentLinkInvalid = () => new AppError(404, 'parent_link_invalid', PARENT_LINK_INVALID);
  app.post(
    '/api/auth/parent-consent/look-up',
    { config: access.public, schema: { body: ParentConsentTokenSchema, response: { 200: ParentConsentPreviewSchema } } },
    async (req, reply) => {
      await enforce(db, reply, { key: `parent-ip:${req.ip}`, max: 2 * env.RATE_LIMIT_SIGNUP_PER_IP, windowMs });
      const child = await findParentLink(db, req.body.token);
      if (!child) throw parentLinkInvalid();
      return { childName: child.name, childEmail: child.email, confirmed: !!child.consentedAt };
    },
  );
  app.post(
    '/api/auth/parent-consent',
    { config: access.public, schema: { body: ParentConsentTokenSchema, response: { 200: ParentConsentPreviewSchema } } },
    async (req, reply) => {
      await enforce(db, reply, { key: `parent-ip:${req.ip}`, max: 2 * env.RATE_LIMIT_SIGNUP_PER_IP, windowMs });
      const child = await confirmParent(db, req.body.token);
      if (!child) throw parentLinkInvalid();
      return { childName: child.name, childEmail: child.email, confirmed: true };
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
    // The language menu works on the second factor's screens too.
    { config: { ...access.signedIn, beforeSecondFactor: true }, schema: { body: SetLanguageSchema, response: { 200: UserSchema } } },
    async (req) => {
      const user = requireUser(req);
      await db.update(users).set({ language: req.body.language }).where(eq(users.id, user.id));
      return { ...user, language: req.body.language };
    },
  );
}
