// NGO management (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): the jail authority lists, adds and edits NGOs and sees who is assigned.
// Each route parses and calls one use case (ngos.use-cases.ts), which asks the NGO policy.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as schemas from '#shared/ngos.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { sendJsonValue } from '../../lib/json-text.ts';
import * as ngos from './ngos.use-cases.ts';

export async function ngosRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/ngos',
    { config: access.jail, schema: { querystring: schemas.NgoListQuerySchema, response: { 200: schemas.NgoListSchema } } },
    async (req) => ngos.list(deps, requireUser(req), req.query),
  );

  app.get(
    '/api/ngos/choices',
    { config: access.jail, schema: { querystring: schemas.NgoChoicesQuerySchema, response: { 200: schemas.NgoChoicesSchema } } },
    async (req) => ngos.choices(deps, requireUser(req), req.query),
  );

  app.post(
    '/api/ngos',
    { config: access.jail, schema: { body: schemas.NgoInputSchema, response: { 201: schemas.NgoSchema } } },
    async (req, reply) => reply.status(201).send(await ngos.create(deps, requireUser(req), req.body)),
  );

  app.put(
    '/api/ngos/:id',
    {
      config: access.jail,
      schema: { params: schemas.NgoIdParamsSchema, body: schemas.NgoUpdateSchema, response: { 200: schemas.NgoSchema } },
    },
    async (req) => ngos.update(deps, requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/api/ngos/:id/members',
    {
      config: access.jail,
      schema: {
        params: schemas.NgoIdParamsSchema,
        querystring: schemas.NgoMembersQuerySchema,
        response: { 200: schemas.NgoMembersPageSchema },
      },
    },
    // Built in NgoMembersPageSchema's key order and sent as its JSON text, without the serialiser's
    // check of every field of 50 members on every request (docs/decisions/0031-lawyer-clients-as-json-text.md).
    async (req, reply) => sendJsonValue(reply, await ngos.listMembers(deps, requireUser(req), req.params.id, req.query.after)),
  );
}
