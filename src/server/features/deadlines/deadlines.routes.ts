// Hearings, bail granted / released, prisons and the jail's deadline flags.
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
  PrisonListSchema,
  PrisonParamsSchema,
  PrisonSchema,
  SaveBailSchema,
  SavePrisonSchema,
  UpdateHearingSchema,
  indianDay,
  type Hearing,
} from '#shared/deadlines.ts';
import { requireUser } from '../../plugins/auth.ts';
import { audit } from '../../lib/audit.ts';
import { STALE_EDIT_MESSAGE } from '#shared/edit-versions.ts';
import { conflict, invalid, isUniqueViolation, notFound, staleEdit, type ErrorDetail } from '../../lib/errors.ts';
import { findRecipients, notify } from '../../lib/notify.ts';
import type { MessageKind } from '../../lib/messages.ts';
import type { Db } from '../../db/client.ts';
import { assertCanRecord, canRecordForCase, canSeeCase } from './deadlines.policy.ts';
import {
  caseAudienceIds,
  caseDeadlines,
  findCase,
  findHearing,
  findHearingCaseId,
  findNextHearing,
  insertHearing,
  insertPrison,
  listDeadlineFlags,
  listHearings,
  listPrisons,
  saveBailDates,
  updateHearing,
  updatePrison,
} from './deadlines.queries.ts';
import { caseLink } from './deadlines.scheduler.ts';
import { access } from '../../plugins/route-guard.ts';

/** Tells everyone following the case except the person who made the change. */
/** Whose case a notice is about, who acted (not told) and where links point. */
interface CaseNotice {
  familyMemberId: string;
  caseId: string;
  actorId: string;
  publicUrl: string;
}

/** Tells the case's people (the family member, accepted lawyers), except the one who acted. */
async function tellCase(tx: Db, about: CaseNotice, kind: MessageKind, params: Record<string, string>) {
  const ids = (await caseAudienceIds(tx, about.familyMemberId)).filter((id) => id !== about.actorId);
  for (const r of await findRecipients(tx, ids)) {
    await notify(tx, r, { kind, params, link: caseLink(r.role, about.caseId), publicUrl: about.publicUrl });
  }
}

/** A hearing recorded, or its date or court changed. */
function tellHearingRecorded(tx: Db, about: CaseNotice, caseNumber: string, h: Hearing) {
  return tellCase(tx, about, 'hearing_recorded', { caseNumber, date: h.hearingOn, court: h.court, purpose: h.purpose });
}

function outcomeTooEarly(hearingOn: string, outcome: string | null) {
  if (outcome !== null && hearingOn > indianDay(new Date()))
    throw invalid('The outcome can be recorded once the hearing date has come.', [
      { path: 'outcome', message: 'The outcome can be recorded once the hearing date has come.' },
    ]);
}

export async function deadlinesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const noticeAbout = (row: { id: string; familyMemberId: string }, actorId: string): CaseNotice => ({
    familyMemberId: row.familyMemberId,
    caseId: row.id,
    actorId,
    publicUrl: env.PUBLIC_URL,
  });

  app.get(
    '/api/cases/:caseId/deadlines',
    { config: access.anyRole, schema: { params: CaseParamsSchema, response: { 200: CaseDeadlinesSchema } } },
    async (req) => {
      const user = requireUser(req);
      const row = await findCase(db, req.params.caseId, user);
      if (!row || !canSeeCase(user, row)) throw notFound('case');
      return caseDeadlines(row, await listHearings(db, row.id), canRecordForCase(user, row));
    },
  );

  app.post(
    '/api/cases/:caseId/hearings',
    { config: access.lawyerOrJail, schema: { params: CaseParamsSchema, body: CreateHearingSchema, response: { 201: HearingSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const row = await findCase(db, req.params.caseId, user);
      assertCanRecord(user, row);
      const hearing = await db.transaction(async (tx) => {
        const h = await insertHearing(tx, { caseId: row.id, ...req.body, recordedBy: user.id });
        await tellHearingRecorded(tx, noticeAbout(row, user.id), row.caseNumber, h);
        await audit(tx, user.id, 'hearing.recorded', row.familyMemberId, { hearingId: h.id, caseId: row.id });
        return h;
      });
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
      return db.transaction(async (tx) => {
        const before = await findHearing(tx, req.params.id);
        if (!before) throw notFound('hearing');
        // A form loaded before someone else's save must not write over their date or outcome.
        const stale = async () => staleEdit(STALE_EDIT_MESSAGE, (await findHearing(tx, req.params.id)) ?? before);
        if (before.version !== req.body.version) throw await stale();
        const h = await updateHearing(tx, req.params.id, req.body);
        if (!h) throw await stale();
        if (h.outcome !== null && h.outcome !== before.outcome) {
          const params = { caseNumber: row.caseNumber, date: h.hearingOn, court: h.court, outcome: h.outcome };
          await tellCase(tx, noticeAbout(row, user.id), 'hearing_outcome', params);
        } else if (h.hearingOn !== before.hearingOn || h.court !== before.court) {
          await tellHearingRecorded(tx, noticeAbout(row, user.id), row.caseNumber, h);
        }
        await audit(tx, user.id, 'hearing.updated', row.familyMemberId, { hearingId: h.id, caseId: row.id });
        return h;
      });
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
      const today = indianDay(new Date());
      const details: ErrorDetail[] = [];
      if (bailGrantedOn && bailGrantedOn > today)
        details.push({ path: 'bailGrantedOn', message: 'The bail date cannot be in the future.' });
      if (releasedOn && releasedOn > today) details.push({ path: 'releasedOn', message: 'The release date cannot be in the future.' });
      if (bailGrantedOn && releasedOn && releasedOn < bailGrantedOn)
        details.push({ path: 'releasedOn', message: 'The release date cannot be before the bail date.' });
      if (details[0]) throw invalid(details[0].message, details);
      await db.transaction(async (tx) => {
        await saveBailDates(tx, row.id, req.body);
        const about = noticeAbout(row, user.id);
        const params = { caseNumber: row.caseNumber, member: row.memberName };
        if (bailGrantedOn && bailGrantedOn !== row.bailGrantedOn && !releasedOn)
          await tellCase(tx, about, 'bail_granted', { ...params, date: bailGrantedOn });
        if (releasedOn && releasedOn !== row.releasedOn) await tellCase(tx, about, 'released', { ...params, date: releasedOn });
        await audit(tx, user.id, 'case.bail_dates_saved', row.familyMemberId, { caseId: row.id, bailGrantedOn, releasedOn });
      });
      const after = await findCase(db, row.id, user);
      return caseDeadlines(after!, await listHearings(db, row.id), true);
    },
  );

  app.get('/api/hearings/next', { config: access.family, schema: { response: { 200: NextHearingSchema } } }, async (req) =>
    findNextHearing(db, requireUser(req).id, indianDay(new Date())),
  );

  app.get('/api/jail/deadline-flags', { config: access.jail, schema: { response: { 200: DeadlineFlagsSchema } } }, async (req) => {
    requireUser(req);
    const now = new Date();
    return listDeadlineFlags(db, now, indianDay(now));
  });

  app.get('/api/prisons', { config: access.jail, schema: { response: { 200: PrisonListSchema } } }, async (req) => {
    requireUser(req);
    return { prisons: await listPrisons(db) };
  });

  const prisonExists = () => conflict('prison_exists', 'A prison with this name already exists.');

  app.post(
    '/api/prisons',
    { config: access.jail, schema: { body: SavePrisonSchema, response: { 201: PrisonSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      try {
        const prison = await db.transaction(async (tx) => {
          const p = await insertPrison(tx, req.body);
          await audit(tx, user.id, 'prison.created', p.id);
          return p;
        });
        return reply.status(201).send(prison);
      } catch (err) {
        if (isUniqueViolation(err, 'prisons_name_unique')) throw prisonExists();
        throw err;
      }
    },
  );

  app.put(
    '/api/prisons/:id',
    { config: access.jail, schema: { params: PrisonParamsSchema, body: SavePrisonSchema, response: { 200: PrisonSchema } } },
    async (req) => {
      const user = requireUser(req);
      try {
        return await db.transaction(async (tx) => {
          const p = await updatePrison(tx, req.params.id, req.body);
          if (!p) throw notFound('prison');
          await audit(tx, user.id, 'prison.updated', p.id);
          return p;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'prisons_name_unique')) throw prisonExists();
        throw err;
      }
    },
  );
}
