// Lawyer verification (docs/decisions/0048-lawyers-verified-before-families-see-them.md): the lawyers
// awaiting it, and the verifier's answer. For the State-Administrator and the jail authority; each
// route parses and calls one use case.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as schemas from '#shared/lawyer-verification.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import * as verification from './lawyer-verification.use-cases.ts';

export async function lawyerVerificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/lawyer-verification',
    {
      config: access.lawyerVerifiers,
      schema: { querystring: schemas.AwaitingLawyersQuerySchema, response: { 200: schemas.AwaitingLawyerListSchema } },
    },
    async (req) => verification.listAwaiting(deps, requireUser(req), req.query),
  );

  app.post(
    '/api/lawyer-verification/:lawyerId/verify',
    {
      config: access.lawyerVerifiers,
      schema: { params: schemas.LawyerIdParamsSchema, response: { 200: schemas.LawyerVerificationDecisionSchema } },
    },
    async (req) => verification.decideVerification(deps, requireUser(req), req.params.lawyerId, { verify: true }),
  );

  app.post(
    '/api/lawyer-verification/:lawyerId/reject',
    {
      config: access.lawyerVerifiers,
      schema: {
        params: schemas.LawyerIdParamsSchema,
        body: schemas.RejectLawyerSchema,
        response: { 200: schemas.LawyerVerificationDecisionSchema },
      },
    },
    async (req) => verification.decideVerification(deps, requireUser(req), req.params.lawyerId, { verify: false, ...req.body }),
  );
}
