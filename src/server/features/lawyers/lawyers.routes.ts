// Lawyer journey (docs/spec.md#2-screens-and-routes, §4, §5; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): registration, pending requests, accept/reject,
// accepted clients and bail-paper uploads. Every route is for lawyers only; each parses and calls one use case
// (lawyers.use-cases.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentMetaSchema } from '#shared/documents.ts';
import * as schemas from '#shared/lawyers.ts';
import { requireUser } from '../../plugins/auth.ts';
import { receiveDocument } from '../../lib/documents.ts';
import { admitUpload } from '../../lib/upload-limits.ts';
import * as lawyers from './lawyers.use-cases.ts';
import { withdrawRequestRoutes } from './withdraw-request.routes.ts';
import { endEngagementRoutes } from './end-engagement.routes.ts';
import { access } from '../../plugins/route-guard.ts';
import { sendJsonPage } from '../../lib/json-text.ts';

export async function lawyersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  await withdrawRequestRoutes(base);
  await endEngagementRoutes(base);

  app.get(
    '/api/lawyers/registration',
    { config: access.lawyer, schema: { response: { 200: schemas.LawyerRegistrationSchema } } },
    async (req) => lawyers.getRegistration(deps, requireUser(req)),
  );

  app.put(
    '/api/lawyers/registration',
    { config: access.lawyer, schema: { body: schemas.SaveLawyerRegistrationSchema, response: { 200: schemas.LawyerRegistrationSchema } } },
    async (req) => lawyers.register(deps, requireUser(req), req.body),
  );

  app.get(
    '/api/lawyers/requests',
    { config: access.lawyer, schema: { querystring: schemas.LawyerListQuerySchema, response: { 200: schemas.PendingRequestListSchema } } },
    // JSON text built by the database (lawyers.queries.ts listPendingRequests), sent as it is, like the clients below.
    async (req, reply) => sendJsonPage(reply, await lawyers.listRequests(deps, requireUser(req), req.query)),
  );

  for (const [action, status] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/lawyers/requests/:id/${action}`,
      { config: access.lawyer, schema: { params: schemas.RequestIdParamsSchema, response: { 200: schemas.RequestDecisionSchema } } },
      async (req) => lawyers.decide(deps, requireUser(req), req.params.id, status),
    );
  }

  app.get(
    '/api/lawyers/clients',
    { config: access.lawyer, schema: { querystring: schemas.LawyerListQuerySchema, response: { 200: schemas.LawyerClientListSchema } } },
    // JSON text from the members' stored client cards (lawyers.queries.ts listClients), sent as it is: the
    // response serialiser never runs on it. The tests hold the text to the schema (one-statement-reads.test.ts).
    async (req, reply) => sendJsonPage(reply, await lawyers.listAcceptedClients(deps, requireUser(req), req.query)),
  );

  app.post(
    '/api/lawyers/clients/:familyMemberId/documents',
    { config: access.lawyer, schema: { params: schemas.ClientParamsSchema, response: { 201: DocumentMetaSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const { familyMemberId } = req.params;
      await lawyers.assertMayUploadFor(deps, user, familyMemberId);
      await admitUpload(deps.db, deps.env, req, reply, user.id);
      return reply.status(201).send(await lawyers.addBailPaper(deps, user, familyMemberId, await receiveDocument(req)));
    },
  );
}
