// Prisons as records, the administrator's desk, and the prisoner search of the jail and the DLSA
// (docs/decisions/0046-prisoner-and-prisons.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DlsaCodeBodySchema,
  IssuedCodeSchema,
  JailAccountsSchema,
  MatchPrisonBodySchema,
  PrisonChoicesQuerySchema,
  PrisonChoicesSchema,
  PrisonCountsSchema,
  PrisonRecordSchema,
  PrisonerSearchQuerySchema,
  PrisonerSearchSchema,
  SavePrisonSchema,
  UnmatchedPrisonsSchema,
} from '#shared/prisoners.ts';
import { sendJsonValue } from '../../lib/json-text.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { jailAccounts, listPrisonRecords, prisonChoices, prisonCountsPage, unmatchedPrisons } from './prisons.queries.ts';
import {
  createPrison,
  editPrison,
  issueDistrictCode,
  issuePrisonCode,
  matchTypedPrison,
  revokeCodeOfPrison,
  setAccountDisabled,
} from './prisons.use-cases.ts';
import { searchPrisoners } from './prisoner-search.queries.ts';
import { bailDesk } from './bail-desk.queries.ts';
import { recordBailDeskStep } from './bail-desk.use-cases.ts';
import { BailDeskQuerySchema, BailDeskSchema, BailDeskStepBodySchema, BailDeskStepParamsSchema } from '#shared/bail-desk.ts';

const IdParams = z.strictObject({ id: z.uuid() });
const CursorQuery = z.strictObject({ after: z.string().max(200).optional() });
const Ok = z.object({ ok: z.literal(true) });

export async function prisonsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // The prisons of a district, for a family choosing where the person is held.
  app.get(
    '/api/prison-choices',
    { config: access.signedIn, schema: { querystring: PrisonChoicesQuerySchema, response: { 200: PrisonChoicesSchema } } },
    async (req) => ({ prisons: await prisonChoices(db, req.query.state, req.query.district) }),
  );

  app.get(
    '/api/prisons',
    { config: access.prisonReaders, schema: { response: { 200: z.object({ prisons: z.array(PrisonRecordSchema) }) } } },
    async (req) => {
      requireUser(req);
      return { prisons: await listPrisonRecords(db) };
    },
  );

  app.post(
    '/api/prisons',
    { config: access.admin, schema: { body: SavePrisonSchema, response: { 201: PrisonRecordSchema } } },
    async (req, reply) => reply.status(201).send(await createPrison(db, requireUser(req), req.body)),
  );

  app.put(
    '/api/prisons/:id',
    { config: access.admin, schema: { params: IdParams, body: SavePrisonSchema, response: { 200: PrisonRecordSchema } } },
    async (req) => editPrison(db, requireUser(req), req.params.id, req.body),
  );

  app.post(
    '/api/prisons/:id/code',
    { config: access.admin, schema: { params: IdParams, response: { 201: IssuedCodeSchema } } },
    async (req, reply) => reply.status(201).send(await issuePrisonCode(db, requireUser(req), req.params.id)),
  );

  app.delete('/api/prisons/:id/code', { config: access.admin, schema: { params: IdParams, response: { 200: Ok } } }, async (req) => {
    await revokeCodeOfPrison(db, requireUser(req), req.params.id);
    return { ok: true as const };
  });

  app.get(
    '/api/prisons/:id/jail-accounts',
    { config: access.admin, schema: { params: IdParams, response: { 200: JailAccountsSchema } } },
    async (req) => ({ accounts: await jailAccounts(db, req.params.id) }),
  );

  app.post(
    '/api/dlsa-codes',
    { config: access.admin, schema: { body: DlsaCodeBodySchema, response: { 201: IssuedCodeSchema } } },
    async (req, reply) => reply.status(201).send(await issueDistrictCode(db, requireUser(req), req.body.state, req.body.district)),
  );

  app.get(
    '/api/admin/prison-counts',
    { config: access.admin, schema: { querystring: CursorQuery, response: { 200: PrisonCountsSchema } } },
    async (req, reply) => sendJsonValue(reply, await prisonCountsPage(db, req.query.after)),
  );

  app.post(
    '/api/admin/accounts/:id/disable',
    { config: access.admin, schema: { params: IdParams, response: { 200: Ok } } },
    async (req) => {
      await setAccountDisabled(db, requireUser(req), req.params.id, true);
      return { ok: true as const };
    },
  );

  app.post('/api/admin/accounts/:id/enable', { config: access.admin, schema: { params: IdParams, response: { 200: Ok } } }, async (req) => {
    await setAccountDisabled(db, requireUser(req), req.params.id, false);
    return { ok: true as const };
  });

  app.get('/api/admin/unmatched-prisons', { config: access.admin, schema: { response: { 200: UnmatchedPrisonsSchema } } }, async () => ({
    unmatched: await unmatchedPrisons(db),
  }));

  app.post(
    '/api/admin/unmatched-prisons/match',
    { config: access.admin, schema: { body: MatchPrisonBodySchema, response: { 200: z.object({ matched: z.number().int() }) } } },
    async (req) => matchTypedPrison(db, requireUser(req), req.body.typed, req.body.prisonId),
  );

  // The DLSA's desk: the district's prisoners granted bail and still inside, with their clocks.
  app.get(
    '/api/dlsa/bail-desk',
    { config: access.dlsa, schema: { querystring: BailDeskQuerySchema, response: { 200: BailDeskSchema } } },
    async (req, reply) => sendJsonValue(reply, await bailDesk(db, requireUser(req), req.query)),
  );

  app.post(
    '/api/dlsa/cases/:caseId/bail-steps',
    { config: access.dlsa, schema: { params: BailDeskStepParamsSchema, body: BailDeskStepBodySchema, response: { 200: Ok } } },
    async (req) => recordBailDeskStep(db, requireUser(req), req.params.caseId, req.body),
  );

  // The clerk's and the DLSA's search: a jail account sees its prison only, a DLSA its district's.
  app.get(
    '/api/prisoners/search',
    { config: access.jailOrDlsa, schema: { querystring: PrisonerSearchQuerySchema, response: { 200: PrisonerSearchSchema } } },
    // Built in the schema's key order and sent as text (json-text.ts): no second walk of the page by the serialiser.
    async (req, reply) => sendJsonValue(reply, await searchPrisoners(db, requireUser(req), req.query)),
  );
}
