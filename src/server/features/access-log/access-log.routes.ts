// Who read a prisoner's record (docs/decisions/0049-access-log.md): the family's "who looked at my
// case", for a prisoner they follow (another prisoner: 404), and the administrator's "whose records did
// this account read between two times", for a breach notice.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminAccessPageSchema, AdminAccessQuerySchema, FamilyAccessPageSchema, FamilyAccessQuerySchema } from '#shared/access-log.ts';
import { ROLES } from '#shared/constants.ts';
import { canonicalEmail } from '#shared/email.ts';
import { eq, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { findFollowedPrisoner, listAccountAccess, listFamilyAccess, parseCursor } from './access-log.queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function accessLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/family/access-log',
    { config: access.family, schema: { querystring: FamilyAccessQuerySchema, response: { 200: FamilyAccessPageSchema } } },
    async (req) => {
      const user = requireUser(req);
      const prisoner = await findFollowedPrisoner(db, user.id, req.query.prisonerId);
      if (!prisoner) throw notFound('prisoner');
      return { prisoner, ...(await listFamilyAccess(db, prisoner.id, user.id, parseCursor(req.query.cursor))) };
    },
  );

  app.get(
    '/api/admin/access-log',
    { config: access.admin, schema: { querystring: AdminAccessQuerySchema, response: { 200: AdminAccessPageSchema } } },
    async (req) => {
      requireUser(req);
      const { account, from, to, cursor } = req.query;
      const email = account.toLowerCase();
      const [found] = await db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role })
        .from(users)
        .where(UUID.test(account) ? eq(users.id, account) : or(eq(users.email, email), eq(users.emailCanonical, canonicalEmail(email))))
        .orderBy(sql`${users.email} = ${email} desc`)
        .limit(1);
      if (!found || !ROLES.includes(found.role)) throw notFound('account');
      const page = await listAccountAccess(db, found.id, from, to, parseCursor(cursor));
      return { account: { id: found.id, name: found.name, email: found.email, role: found.role }, ...page };
    },
  );
}
