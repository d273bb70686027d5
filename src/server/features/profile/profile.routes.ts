// /edit-profile: the signed-in user edits their own name and registration details
// and changes their password. The user always comes from the session, so nobody edits anyone else.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { normalizePhone } from '#shared/family.ts';
import {
  ChangePasswordSchema,
  ProfileDetailsSchema,
  UpdateProfileSchema,
  type ProfileDetails,
  type UpdateProfile,
} from '#shared/profile.ts';
import { familyMembers, lawyers, users, passwordResets } from '../../db/schema.ts';
import { invalid, type ErrorDetail } from '../../lib/errors.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { enqueueEmail } from '../../lib/outbox.ts';
import { renderEmailText } from '../../lib/messages.ts';
import { audit } from '../../lib/audit.ts';
import { requireUser } from '../../plugins/auth.ts';
import { deleteSessionsOfUser } from '../accounts/accounts.queries.ts';
import { getProfileDetails } from './profile.queries.ts';

const FIELDS = ['phone', 'address', 'lawyerType', 'courtArea'] as const;
const FIELDS_OF: Record<ProfileDetails['kind'], readonly (typeof FIELDS)[number][]> = {
  family: ['phone', 'address'],
  lawyer: ['phone', 'address', 'lawyerType', 'courtArea'],
  'name-only': [],
};
const REQUIRED: Record<(typeof FIELDS)[number], string> = {
  phone: 'Phone number is required.',
  address: 'Address is required.',
  lawyerType: 'Choose a lawyer type.',
  courtArea: 'Court area is required.',
};

/** Each field the account has is required; a field it does not have is refused, not ignored. */
function checkFields(kind: ProfileDetails['kind'], body: UpdateProfile) {
  const allowed = FIELDS_OF[kind];
  const details: ErrorDetail[] = [];
  for (const f of FIELDS) {
    if (allowed.includes(f) && body[f] === undefined) details.push({ path: f, message: REQUIRED[f] });
    if (!allowed.includes(f) && body[f] !== undefined)
      details.push({ path: f, message: 'This account has no such detail to edit. Complete the registration form first.' });
  }
  const first = details[0];
  if (first) throw invalid(`${first.path}: ${first.message}`, details);
}

export async function profileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get('/api/profile/details', { config: { roles: 'signed-in' }, schema: { response: { 200: ProfileDetailsSchema } } }, async (req) =>
    getProfileDetails(db, requireUser(req)),
  );

  app.put(
    '/api/profile/details',
    { config: { roles: 'signed-in' }, schema: { body: UpdateProfileSchema, response: { 200: ProfileDetailsSchema } } },
    async (req) => {
      const user = requireUser(req);
      const current = await getProfileDetails(db, user);
      const body = req.body;
      checkFields(current.kind, body);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ name: body.name }).where(eq(users.id, user.id));
        if (current.kind === 'family') {
          await tx
            .update(familyMembers)
            .set({ phone: normalizePhone(body.phone!), address: body.address! })
            .where(eq(familyMembers.userId, user.id));
        } else if (current.kind === 'lawyer') {
          await tx
            .update(lawyers)
            .set({ phone: normalizePhone(body.phone!), address: body.address!, lawyerType: body.lawyerType!, courtArea: body.courtArea! })
            .where(eq(lawyers.userId, user.id));
        }
        await audit(tx, user.id, 'profile.updated', user.id, { fields: ['name', ...FIELDS_OF[current.kind]] });
      });
      return getProfileDetails(db, user);
    },
  );

  app.put(
    '/api/profile/password',
    { config: { roles: 'signed-in' }, schema: { body: ChangePasswordSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      const user = requireUser(req);
      // Someone holding a stolen session must not be able to guess the current password at leisure.
      await enforce(db, reply, { key: `password-change:${user.id}`, max: 10, windowMs: env.RATE_LIMIT_WINDOW_MINUTES * 60_000 });
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
      if (!(await verifyPassword(row?.passwordHash, req.body.currentPassword))) {
        throw invalid(
          'Current password is not correct.',
          [{ path: 'currentPassword', message: 'Current password is not correct.' }],
          'wrong_password',
        );
      }
      const passwordHash = await hashPassword(req.body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        // Every other device is signed out, and any reset link still in a mailbox stops working.
        await deleteSessionsOfUser(tx, user.id, req.sessionId ?? undefined);
        await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
        await audit(tx, user.id, 'account.password_changed', user.id);
        const mail = renderEmailText(user.language, 'password_changed', {}, { name: user.name });
        await enqueueEmail(tx, { to: user.email, subject: mail.subject, text: mail.text });
      });
      return reply.status(204).send(null);
    },
  );
}
