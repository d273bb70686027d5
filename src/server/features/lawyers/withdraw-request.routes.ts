// POST /api/family/requests/:id/withdraw: the family member's own pending request only. The rules
// and the transaction are in withdraw-request.ts; this route only reads the caller and the id.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WithdrawnRequestSchema, WithdrawRequestParamsSchema } from '#shared/withdraw-request.ts';
import { requireUser } from '../../plugins/auth.ts';
import { withdrawRequest } from './withdraw-request.use-cases.ts';
import { access } from '../../plugins/route-guard.ts';

export async function withdrawRequestRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  app.post(
    '/api/family/requests/:id/withdraw',
    { config: access.family, schema: { params: WithdrawRequestParamsSchema, response: { 200: WithdrawnRequestSchema } } },
    async (req) => {
      const user = requireUser(req);
      return withdrawRequest(db, { requestId: req.params.id, member: { id: user.id, name: user.name }, publicUrl: env.PUBLIC_URL });
    },
  );
}
