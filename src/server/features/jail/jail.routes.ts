// The jail authority's dashboard, NGO assignment and Bail-Accept (SPEC §2, §4; DESIGN §3).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssignNgoResultSchema,
  AssignNgoSchema,
  BailAcceptResultSchema,
  MemberParamsSchema,
  MembersPageSchema,
  MembersQuerySchema,
} from '#shared/jail.ts';
import { requireUser } from '../../plugins/auth.ts';
import { acceptBail, assignNgo, listMembers } from './jail.queries.ts';

const JAIL = ['Jail-Authority'] as const;

export async function jailRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/jail/members',
    { config: { roles: JAIL }, schema: { querystring: MembersQuerySchema, response: { 200: MembersPageSchema } } },
    async (req) => listMembers(db, req.query),
  );

  app.post(
    '/api/jail/members/:id/ngo',
    {
      config: { roles: JAIL },
      schema: { params: MemberParamsSchema, body: AssignNgoSchema, response: { 200: AssignNgoResultSchema } },
    },
    async (req) => assignNgo(db, { familyMemberId: req.params.id, ngoId: req.body.ngoId, assignedBy: requireUser(req).id }),
  );

  app.post(
    '/api/jail/members/:id/bail-accept',
    { config: { roles: JAIL }, schema: { params: MemberParamsSchema, response: { 200: BailAcceptResultSchema } } },
    async (req) => acceptBail(db, { familyMemberId: req.params.id, decidedBy: requireUser(req).id }),
  );
}
