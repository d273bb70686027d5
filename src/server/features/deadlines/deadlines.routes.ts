// Hearings, bail granted / released and the jail's deadline flags (prisons: features/prisons).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CaseDeadlinesSchema,
  CaseParamsSchema,
  CreateHearingSchema,
  DeadlineFlagsSchema,
  HearingParamsSchema,
  HearingSchema,
  NextHearingSchema,
  SaveBailSchema,
  UpdateHearingSchema,
  indianDay,
} from '#shared/deadlines.ts';
import { requireUser } from '../../plugins/auth.ts';
import { forbidden, invalid, notFound, type ErrorDetail } from '../../lib/errors.ts';
import { RecordBailStepSchema } from '#shared/bail-timeline.ts';
import { changeHearing, outcomeTooEarly, recordBailStep, recordHearing, saveBail } from './deadlines.use-cases.ts';
import { assertCanRecord, assertCanRecordBailStep, bailStepsFor, canRecordForCase, canSeeCase } from './deadlines.policy.ts';
import { caseDeadlines, findCase, findHearingCaseId, findNextHearing, listDeadlineFlags, listHearings } from './deadlines.queries.ts';
import { access } from '../../plugins/route-guard.ts';

export async function deadlinesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get(
    '/api/cases/:caseId/deadlines',
    { config: access.anyRole, schema: { params: CaseParamsSchema, response: { 200: CaseDeadlinesSchema } } },
    async (req) => {
      const user = requireUser(req);
      const row = await findCase(db, req.params.caseId, user);
      if (!row || !canSeeCase(user, row)) throw notFound('case');
      return caseDeadlines(row, await listHearings(db, row.id), canRecordForCase(user, row), bailStepsFor(user, row));
    },
  );

  app.post(
    '/api/cases/:caseId/hearings',
    { config: access.lawyerOrJail, schema: { params: CaseParamsSchema, body: CreateHearingSchema, response: { 201: HearingSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const row = await findCase(db, req.params.caseId, user);
      assertCanRecord(user, row);
      const hearing = await recordHearing(db, user, row, req.body, env.PUBLIC_URL);
      return reply.status(201).send(hearing);
    },
  );

  app.put(
    '/api/hearings/:id',
    { config: access.lawyerOrJail, schema: { params: HearingParamsSchema, body: UpdateHearingSchema, response: { 200: HearingSchema } } },
    async (req) => {
      const user = requireUser(req);
      const caseId = await findHearingCaseId(db, req.params.id);
      const row = caseId ? await findCase(db, caseId, user) : undefined;
      if (!row) throw notFound('hearing');
      assertCanRecord(user, row);
      outcomeTooEarly(req.body.hearingOn, req.body.outcome);
      return changeHearing(db, user, row, req.params.id, req.body, env.PUBLIC_URL);
    },
  );

  app.put(
    '/api/cases/:caseId/bail',
    { config: access.lawyerOrJail, schema: { params: CaseParamsSchema, body: SaveBailSchema, response: { 200: CaseDeadlinesSchema } } },
    async (req) => {
      const user = requireUser(req);
      const row = await findCase(db, req.params.caseId, user);
      assertCanRecord(user, row);
      const { bailGrantedOn, releasedOn } = req.body;
      // The release is the jail's step of the bail sequence (src/shared/bail-timeline.ts); this form lets the jail correct it.
      if (releasedOn !== row.releasedOn && user.role !== 'Jail-Authority') throw forbidden();
      const today = indianDay(new Date());
      const details: ErrorDetail[] = [];
      if (bailGrantedOn && bailGrantedOn > today)
        details.push({ path: 'bailGrantedOn', message: 'The bail date cannot be in the future.' });
      if (releasedOn && releasedOn > today) details.push({ path: 'releasedOn', message: 'The release date cannot be in the future.' });
      if (bailGrantedOn && releasedOn && releasedOn < bailGrantedOn)
        details.push({ path: 'releasedOn', message: 'The release date cannot be before the bail date.' });
      if (details[0]) throw invalid(details[0].message, details);
      await saveBail(db, user, row, req.body, env.PUBLIC_URL);
      const after = await findCase(db, row.id, user);
      return caseDeadlines(after!, await listHearings(db, row.id), true, bailStepsFor(user, after!));
    },
  );

  // One step of the bail sequence, by the side whose step it is (src/shared/bail-timeline.ts).
  app.post(
    '/api/cases/:caseId/bail-steps',
    {
      config: access.anyRole,
      schema: { params: CaseParamsSchema, body: RecordBailStepSchema, response: { 200: CaseDeadlinesSchema } },
    },
    async (req) => {
      const user = requireUser(req);
      const row = await findCase(db, req.params.caseId, user);
      assertCanRecordBailStep(user, row, req.body.step);
      await recordBailStep(db, user, row.id, req.body, env.PUBLIC_URL);
      const after = (await findCase(db, row.id, user))!;
      return caseDeadlines(after, await listHearings(db, row.id), canRecordForCase(user, after), bailStepsFor(user, after));
    },
  );

  app.get('/api/hearings/next', { config: access.family, schema: { response: { 200: NextHearingSchema } } }, async (req) =>
    findNextHearing(db, requireUser(req).id, indianDay(new Date())),
  );

  app.get('/api/jail/deadline-flags', { config: access.jail, schema: { response: { 200: DeadlineFlagsSchema } } }, async (req) => {
    const user = requireUser(req);
    const now = new Date();
    return listDeadlineFlags(db, now, indianDay(now), user.prisonId);
  });
}
