// Family member journey (docs/spec.md#2-screens-and-routes, §4, §5 for Family-Member; docs/design.md#2-data-model-relational-normalised and §3): registration, cases,
// lawyer search and requests, NGO, bail papers. Every route is for the Family-Member role only; each parses
// and calls one use case (family.use-cases.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PersonalSummarySchema } from '#shared/assistant.ts';
import { DocumentMetaSchema } from '#shared/documents.ts';
import * as schemas from '#shared/family.ts';
import { receiveDocument } from '../../lib/documents.ts';
import { sendJsonValue } from '../../lib/json-text.ts';
import { admitUpload } from '../../lib/upload-limits.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as family from './family.use-cases.ts';
import { access } from '../../plugins/route-guard.ts';
import * as followers from './followers.use-cases.ts';
import * as consent from './consent.use-cases.ts';
import { GivePrisonerConsentSchema, PrisonerConsentsSchema } from '#shared/privacy.ts';
import {
  AcceptInvitationSchema,
  FollowedPrisonersSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  JoinedSchema,
  LookUpInvitationSchema,
  PrisonerIdParamsSchema,
} from '#shared/prisoner-followers.ts';
import { z } from 'zod';

export async function familyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/family/registration',
    { config: access.family, schema: { response: { 200: schemas.FamilyRegistrationSchema } } },
    async (req) => family.getRegistration(deps, requireUser(req)),
  );

  app.put(
    '/api/family/registration',
    { config: access.family, schema: { body: schemas.RegisterFamilySchema, response: { 200: schemas.FamilyRegistrationSchema } } },
    async (req) => family.register(deps, requireUser(req), req.body),
  );

  app.get('/api/family/summary', { config: access.family, schema: { response: { 200: PersonalSummarySchema } } }, async (req) =>
    family.getSummary(deps, requireUser(req)),
  );

  // Sent as the value's JSON text (lib/json-text.ts): built in the schema's key order, checked against it
  // outside production; the access log reads the cases shown from the value, not by parsing the text.
  app.get('/api/family/cases', { config: access.family, schema: { response: { 200: schemas.FamilyCasesSchema } } }, async (req, reply) =>
    sendJsonValue(reply, await family.listCases(deps, requireUser(req))),
  );

  app.post(
    '/api/family/cases',
    { config: access.family, schema: { body: schemas.CreateCaseSchema, response: { 201: schemas.CaseSchema } } },
    async (req, reply) => reply.status(201).send(await family.addCase(deps, requireUser(req), req.body)),
  );

  app.get(
    '/api/family/lawyers',
    { config: access.family, schema: { querystring: schemas.LawyerSearchQuerySchema, response: { 200: schemas.LawyerSearchSchema } } },
    async (req) => family.searchLawyers(deps, requireUser(req), req.query),
  );

  app.post(
    '/api/family/requests',
    { config: access.family, schema: { body: schemas.CreateLawyerRequestSchema, response: { 201: schemas.LawyerRequestSchema } } },
    async (req, reply) => reply.status(201).send(await family.requestLawyer(deps, requireUser(req), req.body.lawyerId, req.body.caseId)),
  );

  app.get('/api/family/ngo', { config: access.family, schema: { response: { 200: schemas.FamilyNgoSchema } } }, async (req) =>
    family.getNgo(deps, requireUser(req)),
  );

  app.get('/api/family/documents', { config: access.family, schema: { response: { 200: schemas.FamilyDocumentsSchema } } }, async (req) =>
    family.listDocuments(deps, requireUser(req)),
  );

  // The family member's own bail paper (docs/spec.md#4-states-and-transitions Family-member bail upload). Refusals
  // come before the file is read: a refused upload costs no more than its headers.
  app.post('/api/family/documents', { config: access.family, schema: { response: { 201: DocumentMetaSchema } } }, async (req, reply) => {
    const user = requireUser(req);
    await family.assertRegistered(deps, user);
    await admitUpload(deps.db, deps.env, req, reply, user.id);
    return reply.status(201).send(await family.addOwnDocument(deps, user, await receiveDocument(req)));
  });

  // Relatives following a prisoner (docs/decisions/0050-relatives-join-by-invitation.md). The code
  // travels in the body, never the URL, so it is not written to access logs.
  app.get('/api/family/prisoners', { config: access.family, schema: { response: { 200: FollowedPrisonersSchema } } }, async (req) =>
    followers.listPrisoners(deps, requireUser(req)),
  );

  app.post(
    '/api/family/prisoners/:prisonerId/invitations',
    { config: access.family, schema: { params: PrisonerIdParamsSchema, response: { 201: InvitationSchema } } },
    async (req, reply) => reply.status(201).send(await followers.invite(deps, reply, requireUser(req), req.params.prisonerId)),
  );

  app.delete(
    '/api/family/prisoners/:prisonerId/follow',
    { config: access.family, schema: { params: PrisonerIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req) => {
      await followers.leave(deps, requireUser(req), req.params.prisonerId);
      return { ok: true as const };
    },
  );

  // The prisoner's consent or legal basis: shown, withdrawn in one tap, given again
  // (docs/decisions/0053-notice-and-consent.md).
  app.get('/api/family/consents', { config: access.family, schema: { response: { 200: PrisonerConsentsSchema } } }, async (req) =>
    consent.listConsents(deps, requireUser(req)),
  );

  app.post(
    '/api/family/prisoners/:prisonerId/consent/withdraw',
    { config: access.family, schema: { params: PrisonerIdParamsSchema, response: { 200: PrisonerConsentsSchema } } },
    async (req) => consent.withdrawPrisonerConsent(deps, requireUser(req), req.params.prisonerId),
  );

  app.put(
    '/api/family/prisoners/:prisonerId/consent',
    {
      config: access.family,
      schema: { params: PrisonerIdParamsSchema, body: GivePrisonerConsentSchema, response: { 200: PrisonerConsentsSchema } },
    },
    async (req) => consent.givePrisonerConsent(deps, requireUser(req), req.params.prisonerId, req.body.basis),
  );

  app.post(
    '/api/family/invitations/look-up',
    { config: access.family, schema: { body: LookUpInvitationSchema, response: { 200: InvitationPreviewSchema } } },
    async (req, reply) => followers.lookUp(deps, reply, requireUser(req), req.ip, req.body.code),
  );

  app.post(
    '/api/family/invitations/accept',
    { config: access.family, schema: { body: AcceptInvitationSchema, response: { 200: JoinedSchema } } },
    async (req, reply) => followers.accept(deps, reply, requireUser(req), req.ip, req.body),
  );
}
