// The second factor's routes (docs/decisions/0043-second-factor-for-officials.md): the only ones a
// session that has not passed it may call, besides the public ones (plugins/auth.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserSchema, type User } from '#shared/accounts.ts';
import { EnrolmentSchema, RecoveryCodesSchema, SecondFactorCodeSchema, SecondFactorStatusSchema } from '#shared/second-factor-schemas.ts';
import { secondFactorRequiredFor } from '#shared/second-factor.ts';
import { invalid } from '../../lib/errors.ts';
import { hit, refund, refuse, enforce } from '../../lib/rate-limit.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { Db } from '../../db/client.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  confirmEnrolment,
  findSecondFactor,
  startEnrolment,
  unusedRecoveryCodes,
  verifyCode,
  type CodeResult,
} from './second-factor.use-cases.ts';

/** Signed in, and callable before the second factor is passed. */
const beforeSecondFactor = { roles: 'signed-in', beforeSecondFactor: true } as const;

export const CODE_INVALID =
  'This code is not right. Enter the newest code your authenticator app shows (check the time on your phone), or a recovery code.';
export const CODE_USED = 'This code has been used already. Wait for the next one (a new code comes every 30 seconds).';
const CODES_LIMITED = 'Too many codes tried. Please wait 15 minutes and try again.';

export async function secondFactorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const key = env.SECOND_FACTOR_KEY;
  const windowMs = env.RATE_LIMIT_WINDOW_MINUTES * 60_000;

  /**
   * A code tried: the sign-in limits apply (per address, and per account from every address, as a
   * code is only asked of someone who has the password). A right code gives its account hit back,
   * and so does a right but spent one (it is no guess).
   */
  async function tryCode(req: FastifyRequest, reply: FastifyReply, user: User, attempt: (db: Db) => Promise<CodeResult>) {
    await enforce(db, reply, { key: `signin-ip:${req.ip}`, max: env.RATE_LIMIT_SIGNIN_PER_IP, windowMs }, CODES_LIMITED);
    const accountKey = `second-factor:${user.id}`;
    const h = await hit(db, accountKey, env.RATE_LIMIT_SIGNIN_PER_ACCOUNT, windowMs);
    if (!h.allowed) refuse(reply, h, CODES_LIMITED);
    const result = await attempt(db);
    if (result.ok || result.reason === 'used') await refund(db, accountKey);
    if (!result.ok) {
      const message = result.reason === 'used' ? CODE_USED : CODE_INVALID;
      throw invalid(
        message,
        [{ path: 'code', message }],
        result.reason === 'used' ? 'second_factor_code_used' : 'second_factor_code_invalid',
      );
    }
    return result;
  }

  const passed = (user: User): User => ({ id: user.id, name: user.name, email: user.email, role: user.role, language: user.language });

  app.get('/api/second-factor', { config: beforeSecondFactor, schema: { response: { 200: SecondFactorStatusSchema } } }, async (req) => {
    const user = requireUser(req);
    const row = await findSecondFactor(db, user.id);
    const enrolled = !!row?.enabledAt;
    return {
      required: secondFactorRequiredFor(user.role),
      enrolled,
      recoveryCodesLeft: enrolled ? await unusedRecoveryCodes(db, user.id) : 0,
    };
  });

  // A new secret to scan; refused (409) once one is set up.
  app.post('/api/second-factor/enrolment', { config: beforeSecondFactor, schema: { response: { 200: EnrolmentSchema } } }, async (req) => {
    const user = requireUser(req);
    return startEnrolment(db, key, user);
  });

  // The first code turns the second factor on, passes it for this session and returns the recovery codes, once.
  app.post(
    '/api/second-factor/enrolment/confirm',
    { config: beforeSecondFactor, schema: { body: SecondFactorCodeSchema, response: { 200: RecoveryCodesSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const result = await tryCode(req, reply, user, (d) => confirmEnrolment(d, key, user.id, req.sessionId ?? '', req.body.code));
      return { recoveryCodes: result.recoveryCodes ?? [] };
    },
  );

  // The second step of sign-in: a code from the app or a recovery code.
  app.post(
    '/api/second-factor/verify',
    { config: beforeSecondFactor, schema: { body: SecondFactorCodeSchema, response: { 200: UserSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      if (user.secondFactor !== 'verify') return passed(user);
      await tryCode(req, reply, user, (d) => verifyCode(d, key, user.id, req.sessionId ?? '', req.body.code));
      return passed(user);
    },
  );
}
