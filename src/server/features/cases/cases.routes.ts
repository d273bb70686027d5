// One case's facts and the release tracker: read and change them (family owner, accepted
// lawyer, jail authority), and record a printed S.479(3) application (jail authority).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicationPrintedSchema,
  CaseDetailSchema,
  CaseFactsUpdateSchema,
  CaseIdParamsSchema,
  TransferBodySchema,
  TransferResultSchema,
} from '#shared/cases.ts';
import { todayInIndia } from '#shared/release.ts';
import { requireUser } from '../../plugins/auth.ts';
import { changeCaseFacts, recordDisposal, recordPrintedApplication, transferPrisoner } from './cases.use-cases.ts';
import { DisposalBodySchema, type CaseDetail } from '#shared/cases.ts';
import { notFound } from '../../lib/errors.ts';
import { assertCanEdit, assertCanRead, caseAccess, notEligible, type CaseAccess, type CaseAccessFacts } from './cases.policy.ts';
import { afterFactsSave, bailAccepted, findCaseForAccess, getCaseDetail } from './cases.queries.ts';
import { access } from '../../plugins/route-guard.ts';

export async function casesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  const closedCasesDays = app.deps.env.RETENTION_CLOSED_CASES_DAYS;

  const load = async (caseId: string, user: ReturnType<typeof requireUser>, detail = false) => {
    const found = await findCaseForAccess(db, caseId, user, detail);
    if (!found) throw notFound('case');
    return { found, access: caseAccess(user, found.access) };
  };

  const canFor = (user: ReturnType<typeof requireUser>, access: CaseAccess): CaseDetail['can'] => ({
    editFacts: access === 'edit',
    printApplication: user.role === 'Jail-Authority',
    transfer: user.role === 'Jail-Authority',
    recordDisposal: access === 'edit',
  });

  /** The case as saved now, for the one who just changed it. */
  const reloaded = async (found: { row: { id: string }; access: CaseAccessFacts }, user: ReturnType<typeof requireUser>) => {
    const after = await findCaseForAccess(db, found.row.id, null, true);
    if (!after) throw notFound('case');
    return getCaseDetail({ ...after, access: found.access }, canFor(user, 'edit'), closedCasesDays);
  };

  app.get(
    '/api/cases/:caseId',
    { config: access.anyRole, schema: { params: CaseIdParamsSchema, response: { 200: CaseDetailSchema } } },
    async (req) => {
      const user = requireUser(req);
      const { found, access } = await load(req.params.caseId, user, true);
      assertCanRead(access);
      return getCaseDetail(found, canFor(user, access), closedCasesDays);
    },
  );

  app.put(
    '/api/cases/:caseId/facts',
    { config: access.anyRole, schema: { params: CaseIdParamsSchema, body: CaseFactsUpdateSchema, response: { 200: CaseDetailSchema } } },
    async (req) => {
      const user = requireUser(req);
      // Read with its page: a save made from this read answers with it, without reading the case again.
      const { found, access } = await load(req.params.caseId, user, true);
      assertCanEdit(access);
      const { version, ...facts } = req.body;
      const saved = await changeCaseFacts(db, user.id, found.row, facts, version, app.deps.env.PUBLIC_URL);
      if (!saved) return reloaded(found, user);
      return getCaseDetail(afterFactsSave(found, saved, { name: user.name, role: user.role }), canFor(user, 'edit'), closedCasesDays);
    },
  );

  // The court's decision that ended the case (docs/retention.md#closed-cases), recorded or taken back by
  // whoever may change the case's facts; the retention job deletes the case a stated period after it.
  app.post(
    '/api/cases/:caseId/disposal',
    { config: access.anyRole, schema: { params: CaseIdParamsSchema, body: DisposalBodySchema, response: { 200: CaseDetailSchema } } },
    async (req) => {
      const user = requireUser(req);
      const { found, access } = await load(req.params.caseId, user);
      assertCanEdit(access);
      await recordDisposal(db, user.id, found.row, req.body);
      return reloaded(found, user);
    },
  );

  app.delete(
    '/api/cases/:caseId/disposal',
    { config: access.anyRole, schema: { params: CaseIdParamsSchema, response: { 200: CaseDetailSchema } } },
    async (req) => {
      const user = requireUser(req);
      const { found, access } = await load(req.params.caseId, user);
      assertCanEdit(access);
      await recordDisposal(db, user.id, found.row, null);
      return reloaded(found, user);
    },
  );

  // The jail of the prisoner's prison moves them to another prison: the old jail no longer sees them
  // (404 from then on, as for any prison's records but its own), the move stays on the case.
  app.post(
    '/api/cases/:caseId/transfer',
    { config: access.jail, schema: { params: CaseIdParamsSchema, body: TransferBodySchema, response: { 200: TransferResultSchema } } },
    async (req) => {
      const user = requireUser(req);
      const { found, access } = await load(req.params.caseId, user);
      assertCanRead(access);
      return transferPrisoner(db, user.id, found.row, req.body.toPrisonId, app.deps.env.PUBLIC_URL);
    },
  );

  // Called by the Print button just before window.print(): the timeline shows who printed it and when.
  app.post(
    '/api/cases/:caseId/application-printed',
    { config: access.jail, schema: { params: CaseIdParamsSchema, response: { 201: ApplicationPrintedSchema } } },
    async (req, reply) => {
      const user = requireUser(req);
      const { found, access } = await load(req.params.caseId, user);
      // A jail authority of another prison is not told the case exists.
      assertCanRead(access);
      const { s479EligibleOn: eligibleOn, releasedOn, bailGrantedOn } = found.row;
      const today = todayInIndia();
      // Nothing to apply for once the person has been released, or granted bail (src/shared/bail-timeline.ts).
      if (!eligibleOn || eligibleOn > today || (releasedOn && releasedOn <= today) || (bailGrantedOn && bailGrantedOn <= today))
        throw notEligible();
      // A Bail-Accept is bail granted even when no order date was recorded on the case.
      if (await bailAccepted(db, found.row.familyMemberId)) throw notEligible();
      const at = await recordPrintedApplication(db, user.id, found.row);
      return reply.status(201).send({ at: at.toISOString() });
    },
  );
}
