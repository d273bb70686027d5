// Family member journey (docs/spec.md#2-screens-and-routes, §4, §5 for Family-Member; docs/design.md#2-data-model-relational-normalised and §3): registration, cases,
// lawyer search and requests, NGO, bail papers. Every route is for the Family-Member role only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PersonalSummarySchema } from '#shared/assistant.ts';
import { DocumentMetaSchema } from '#shared/documents.ts';
import { findPersonalSummary } from './family.summary.ts';
import {
  CaseSchema,
  CreateCaseSchema,
  CreateLawyerRequestSchema,
  FamilyCasesSchema,
  FamilyDocumentsSchema,
  FamilyNgoSchema,
  FamilyRegistrationSchema,
  LawyerRequestSchema,
  LawyerSearchSchema,
  RegisterFamilySchema,
} from '#shared/family.ts';
import { isUniqueViolation, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';
import { findRecipient, notify } from '../../lib/notify.ts';
import { receiveDocument, storeDocument } from '../../lib/documents.ts';
import { admitUpload, reserveUploadBytes } from '../../lib/upload-limits.ts';
import { requireUser } from '../../plugins/auth.ts';
import { alreadyRequested, caseExists, notRegisteredYet, registrationRequired, requestRefusal } from './family.policy.ts';
import {
  createCase,
  findLawyer,
  findMemberCaseTypes,
  findMemberSearchFacts,
  findMemberNgo,
  findRegistration,
  hasOpenRequest,
  insertLawyerRequest,
  isRegistered,
  listCaseStatuses,
  listMatchingLawyers,
  listMemberDocuments,
  saveRegistration,
} from './family.queries.ts';

const FAMILY = { roles: ['Family-Member'] as const };

export async function familyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get('/api/family/registration', { config: FAMILY, schema: { response: { 200: FamilyRegistrationSchema } } }, async (req) => {
    const user = requireUser(req);
    const registration = await findRegistration(db, user.id);
    if (!registration) throw notRegisteredYet();
    return registration;
  });

  // Idempotent: the first submit creates the record and the first case; later ones update them.
  app.put(
    '/api/family/registration',
    { config: FAMILY, schema: { body: RegisterFamilySchema, response: { 200: FamilyRegistrationSchema } } },
    async (req) => {
      const user = requireUser(req);
      try {
        await db.transaction(async (tx) => {
          const { created } = await saveRegistration(tx, user.id, req.body);
          await audit(tx, user.id, created ? 'family.registered' : 'family.updated', user.id, { caseNumber: req.body.caseNumber });
        });
      } catch (err) {
        if (isUniqueViolation(err, 'cases_member_number_unique')) throw caseExists();
        throw err;
      }
      const registration = await findRegistration(db, user.id);
      if (!registration) throw new Error('registration vanished after saving');
      return registration;
    },
  );

  // The chat assistant's view of this member's own record.
  app.get('/api/family/summary', { config: FAMILY, schema: { response: { 200: PersonalSummarySchema } } }, async (req) => {
    const summary = await findPersonalSummary(db, requireUser(req).id);
    if (!summary) throw registrationRequired();
    return summary;
  });

  app.get('/api/family/cases', { config: FAMILY, schema: { response: { 200: FamilyCasesSchema } } }, async (req) => {
    const user = requireUser(req);
    const cases = await listCaseStatuses(db, user.id);
    if (!cases) throw registrationRequired();
    return { cases };
  });

  app.post(
    '/api/family/cases',
    { config: FAMILY, schema: { body: CreateCaseSchema, response: { 201: CaseSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      try {
        const created = await db.transaction(async (tx) => {
          if (!(await isRegistered(tx, user.id))) throw registrationRequired();
          const row = await createCase(tx, user.id, req.body);
          await audit(tx, user.id, 'family.case_added', user.id, { caseId: row.id, caseNumber: row.caseNumber });
          return row;
        });
        return reply.status(201).send(created);
      } catch (err) {
        if (isUniqueViolation(err, 'cases_member_number_unique')) throw caseExists();
        throw err;
      }
    },
  );

  app.get('/api/family/lawyers', { config: FAMILY, schema: { response: { 200: LawyerSearchSchema } } }, async (req) => {
    const user = requireUser(req);
    const facts = await findMemberSearchFacts(db, user.id);
    if (!facts) throw registrationRequired();
    return { ...facts, lawyers: await listMatchingLawyers(db, user.id, facts.caseTypes, facts.location) };
  });

  app.post(
    '/api/family/requests',
    { config: FAMILY, schema: { body: CreateLawyerRequestSchema, response: { 201: LawyerRequestSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const { lawyerId } = req.body;
      try {
        const created = await db.transaction(async (tx) => {
          const caseTypes = await findMemberCaseTypes(tx, user.id);
          const lawyer = caseTypes ? await findLawyer(tx, lawyerId) : undefined;
          const open = lawyer ? await hasOpenRequest(tx, user.id, lawyerId) : false;
          const refusal = requestRefusal({ registered: !!caseTypes, caseTypes: caseTypes ?? [], lawyer, hasOpenRequest: open });
          if (refusal) throw refusal;
          if (!lawyer) throw notFound('lawyer');
          const row = await insertLawyerRequest(tx, user.id, lawyerId);
          // The lawyer hears of it by email and in the app, queued with the request itself (docs/spec.md#4-states-and-transitions Lawyer request).
          const recipient = await findRecipient(tx, lawyer.id);
          if (recipient) {
            await notify(tx, recipient, {
              kind: 'request_created',
              params: { family: user.name, caseType: lawyer.lawyerType },
              link: '/pending-case',
              publicUrl: env.PUBLIC_URL,
            });
          }
          await audit(tx, user.id, 'lawyer_request.created', user.id, { requestId: row.id, lawyerId });
          return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString(), lawyer: { id: lawyer.id, name: lawyer.name } };
        });
        return reply.status(201).send(created);
      } catch (err) {
        // Two tabs requesting at once: the partial unique index lets only one through.
        if (isUniqueViolation(err, 'lawyer_requests_open_unique')) throw alreadyRequested();
        throw err;
      }
    },
  );

  app.get('/api/family/ngo', { config: FAMILY, schema: { response: { 200: FamilyNgoSchema } } }, async (req) => {
    const user = requireUser(req);
    const result = await findMemberNgo(db, user.id);
    if (!result) throw registrationRequired();
    return result;
  });

  app.get('/api/family/documents', { config: FAMILY, schema: { response: { 200: FamilyDocumentsSchema } } }, async (req) => {
    const user = requireUser(req);
    if (!(await isRegistered(db, user.id))) throw registrationRequired();
    return { documents: await listMemberDocuments(db, user.id) };
  });

  // The family member's own bail paper (docs/spec.md#4-states-and-transitions Family-member bail upload), typed from its bytes.
  app.post('/api/family/documents', { config: FAMILY, schema: { response: { 201: DocumentMetaSchema } } }, async (req, reply) => {
    const user = requireUser(req);
    if (!(await isRegistered(db, user.id))) throw registrationRequired();
    await admitUpload(db, env, req, reply, user.id);
    const file = await receiveDocument(req);
    const meta = await db.transaction(async (tx) => {
      await reserveUploadBytes(tx, env, user.id, file.size);
      return storeDocument(tx, { familyMemberId: user.id, uploadedBy: user.id, file });
    });
    return reply.status(201).send(meta);
  });
}
