// NGO management (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): the jail authority lists, adds and edits NGOs and sees who is assigned.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NgoIdParamsSchema,
  NgoInputSchema,
  NgoListQuerySchema,
  NgoListSchema,
  NgoMembersPageSchema,
  NgoMembersQuerySchema,
  NgoSchema,
  NgoUpdateSchema,
} from '#shared/ngos.ts';
import { requireUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { createNgo, findMemberLocation, listNgoMembers, listNgos, updateNgo } from './ngos.queries.ts';

const JAIL = ['Jail-Authority'] as const;

export async function ngosRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/ngos',
    { config: { roles: JAIL }, schema: { querystring: NgoListQuerySchema, response: { 200: NgoListSchema } } },
    async (req) => {
      const availableOnly = req.query.available === 'true';
      if (!req.query.near) return { items: await listNgos(db, { availableOnly }) };
      const near = await findMemberLocation(db, req.query.near);
      if (near === undefined) throw notFound('family member');
      return { items: await listNgos(db, { availableOnly, near }) };
    },
  );

  app.post('/api/ngos', { config: { roles: JAIL }, schema: { body: NgoInputSchema, response: { 201: NgoSchema } } }, async (req, reply) =>
    reply.status(201).send(await createNgo(db, req.body, requireUser(req).id)),
  );

  app.put(
    '/api/ngos/:id',
    { config: { roles: JAIL }, schema: { params: NgoIdParamsSchema, body: NgoUpdateSchema, response: { 200: NgoSchema } } },
    async (req) => updateNgo(db, req.params.id, req.body, requireUser(req).id),
  );

  app.get(
    '/api/ngos/:id/members',
    {
      config: { roles: JAIL },
      schema: { params: NgoIdParamsSchema, querystring: NgoMembersQuerySchema, response: { 200: NgoMembersPageSchema } },
    },
    async (req) => listNgoMembers(db, req.params.id, req.query.page),
  );
}
