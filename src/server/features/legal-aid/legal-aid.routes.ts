// Legal-aid applications (the family files, the DLSA of the district decides) and the DLSA's UTRC list
// (docs/law.md#free-legal-aid, docs/law.md#undertrial-review-committees). Each route parses and calls one
// function; the DLSA's routes read its district from its account, so another district's application
// answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptLegalAidSchema,
  FamilyLegalAidListSchema,
  FileLegalAidSchema,
  LegalAidDecisionSchema,
  LegalAidIdParams,
  LegalAidInboxQuerySchema,
  LegalAidInboxSchema,
  LegalAidLawyersQuerySchema,
  LegalAidLawyersSchema,
  RefuseLegalAidSchema,
} from '#shared/legal-aid.ts';
import { UtrcListSchema, UtrcQuerySchema } from '#shared/utrc.ts';
import { sendJsonValue } from '../../lib/json-text.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { familyLegalAid, legalAidInbox, legalAidLawyers } from './legal-aid.queries.ts';
import { acceptLegalAid, fileLegalAid, refuseLegalAid } from './legal-aid.use-cases.ts';
import { utrcList } from './utrc.queries.ts';

const Filed = z.object({ id: z.uuid(), prisonerId: z.uuid(), dueOn: z.string() });

export async function legalAidRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get('/api/family/legal-aid', { config: access.family, schema: { response: { 200: FamilyLegalAidListSchema } } }, async (req) =>
    familyLegalAid(db, requireUser(req)),
  );

  app.post(
    '/api/family/legal-aid',
    { config: access.family, schema: { body: FileLegalAidSchema, response: { 201: Filed } } },
    async (req, reply) => reply.status(201).send(await fileLegalAid(db, requireUser(req), req.body)),
  );

  app.get(
    '/api/dlsa/legal-aid',
    { config: access.dlsa, schema: { querystring: LegalAidInboxQuerySchema, response: { 200: LegalAidInboxSchema } } },
    async (req, reply) => sendJsonValue(reply, await legalAidInbox(db, requireUser(req), req.query)),
  );

  app.get(
    '/api/legal-aid/lawyers',
    { config: access.dlsa, schema: { querystring: LegalAidLawyersQuerySchema, response: { 200: LegalAidLawyersSchema } } },
    async (req) => legalAidLawyers(db, requireUser(req), req.query.q),
  );

  app.post(
    '/api/dlsa/legal-aid/:id/accept',
    { config: access.dlsa, schema: { params: LegalAidIdParams, body: AcceptLegalAidSchema, response: { 200: LegalAidDecisionSchema } } },
    async (req) => acceptLegalAid(db, requireUser(req), req.params.id, req.body.lawyerId, env.PUBLIC_URL),
  );

  app.post(
    '/api/dlsa/legal-aid/:id/refuse',
    { config: access.dlsa, schema: { params: LegalAidIdParams, body: RefuseLegalAidSchema, response: { 200: LegalAidDecisionSchema } } },
    async (req) => refuseLegalAid(db, requireUser(req), req.params.id, req.body.reason, env.PUBLIC_URL),
  );

  // The screen asks for one category at a time (its first page); the print view for all of them.
  app.get(
    '/api/dlsa/utrc',
    { config: access.dlsa, schema: { querystring: UtrcQuerySchema, response: { 200: UtrcListSchema } } },
    async (req, reply) => sendJsonValue(reply, await utrcList(db, requireUser(req), req.query)),
  );
}
