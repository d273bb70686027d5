// Lawyer journey (docs/spec.md#2-screens-and-routes, §4, §5; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): registration, pending requests, accept/reject,
// accepted clients and bail-paper uploads. Every route is for lawyers only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentMetaSchema } from '#shared/documents.ts';
import { normalizePhone } from '#shared/family.ts';
import {
  ClientParamsSchema,
  LawyerClientListSchema,
  LawyerRegistrationSchema,
  PendingRequestListSchema,
  RequestDecisionSchema,
  RequestIdParamsSchema,
  SaveLawyerRegistrationSchema,
} from '#shared/lawyers.ts';
import { requireUser } from '../../plugins/auth.ts';
import { audit } from '../../lib/audit.ts';
import { receiveDocument, storeDocument } from '../../lib/documents.ts';
import { admitUpload, reserveUploadBytes } from '../../lib/upload-limits.ts';
import { tellAccepted, tellBailPaper, tellRejected } from './lawyers.emails.ts';
import { bailPaperUploadRefusal } from '../../policies/document.policy.ts';
import { decisionRefusal } from '../../policies/request.policy.ts';
import { notRegisteredYet, registrationRequired } from './lawyers.policy.ts';
import {
  decideRequest,
  findClientRelation,
  findRegistration,
  findRequest,
  isRegistered,
  listClients,
  listPendingRequests,
  upsertRegistration,
} from './lawyers.queries.ts';

const LAWYER = { roles: ['Lawyer'] as const };

export async function lawyersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get('/api/lawyers/registration', { config: LAWYER, schema: { response: { 200: LawyerRegistrationSchema } } }, async (req) => {
    const registration = await findRegistration(db, requireUser(req));
    if (!registration) throw notRegisteredYet();
    return registration;
  });

  app.put(
    '/api/lawyers/registration',
    { config: LAWYER, schema: { body: SaveLawyerRegistrationSchema, response: { 200: LawyerRegistrationSchema } } },
    async (req) => {
      const user = requireUser(req);
      const input = { ...req.body, phone: normalizePhone(req.body.phone) };
      return db.transaction(async (tx) => {
        const registration = await upsertRegistration(tx, user, input);
        await audit(tx, user.id, 'lawyer.registration_saved', user.id, { lawyerType: input.lawyerType });
        return registration;
      });
    },
  );

  app.get('/api/lawyers/requests', { config: LAWYER, schema: { response: { 200: PendingRequestListSchema } } }, async (req) => {
    const user = requireUser(req);
    if (!(await isRegistered(db, user.id))) throw registrationRequired();
    return { requests: await listPendingRequests(db, user.id) };
  });

  for (const [action, status] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/lawyers/requests/:id/${action}`,
      { config: LAWYER, schema: { params: RequestIdParamsSchema, response: { 200: RequestDecisionSchema } } },
      async (req) => {
        const user = requireUser(req);
        const lawyer = await findRegistration(db, user);
        if (!lawyer) throw registrationRequired();
        return db.transaction(async (tx) => {
          const row = await decideRequest(tx, { requestId: req.params.id, lawyerId: user.id, status });
          if (!row) throw decisionRefusal(await findRequest(tx, req.params.id), user.id);
          if (status === 'accepted') await tellAccepted(tx, row.familyMemberId, lawyer, env.PUBLIC_URL);
          else await tellRejected(tx, row.familyMemberId, lawyer, env.PUBLIC_URL);
          await audit(tx, user.id, `lawyer_request.${status}`, row.familyMemberId, { requestId: row.id });
          return { id: row.id, status, decidedAt: (row.decidedAt ?? new Date()).toISOString() };
        });
      },
    );
  }

  app.get('/api/lawyers/clients', { config: LAWYER, schema: { response: { 200: LawyerClientListSchema } } }, async (req) => {
    const user = requireUser(req);
    if (!(await isRegistered(db, user.id))) throw registrationRequired();
    return { clients: await listClients(db, user.id) };
  });

  app.post(
    '/api/lawyers/clients/:familyMemberId/documents',
    { config: LAWYER, schema: { params: ClientParamsSchema, response: { 201: DocumentMetaSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const { familyMemberId } = req.params;
      if (!(await isRegistered(db, user.id))) throw registrationRequired();
      // Decide before reading the file: a refused upload costs no more than its headers.
      const refusal = bailPaperUploadRefusal(user, familyMemberId, await findClientRelation(db, user.id, familyMemberId));
      if (refusal) throw refusal;
      await admitUpload(db, env, req, reply, user.id);
      const file = await receiveDocument(req);
      const doc = await db.transaction(async (tx) => {
        await reserveUploadBytes(tx, env, user.id, file.size);
        const meta = await storeDocument(tx, { familyMemberId, uploadedBy: user.id, file });
        await tellBailPaper(tx, familyMemberId, user, meta.filename, env.PUBLIC_URL);
        return meta;
      });
      return reply.status(201).send(doc);
    },
  );
}
