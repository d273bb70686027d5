// Routes of the money route's papers (bail-papers.queries.ts, bail-papers.use-cases.ts): the facts each side's
// paper is filled from, and the jail's printed intimation to the DLSA.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BailPaperParamsSchema, BailPapersSchema, RecordIntimationResultSchema, RecordIntimationSchema } from '#shared/bail-money-route.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { readBailPapers } from './bail-papers.queries.ts';
import { recordIntimation } from './bail-papers.use-cases.ts';

export async function bailPapersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/cases/:caseId/bail-papers',
    { config: access.anyRole, schema: { params: BailPaperParamsSchema, response: { 200: BailPapersSchema } } },
    async (req) => readBailPapers(db, requireUser(req), req.params.caseId),
  );

  app.post(
    '/api/cases/:caseId/dlsa-intimation',
    {
      config: access.jail,
      schema: { params: BailPaperParamsSchema, body: RecordIntimationSchema, response: { 200: RecordIntimationResultSchema } },
    },
    async (req) => recordIntimation(db, requireUser(req), req.params.caseId),
  );
}
