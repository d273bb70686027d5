// POST /api/family/requests/:id/end: the family member's own accepted request only. The rules and
// the transaction are in end-engagement.ts; this route only reads the caller and the id.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EndedEngagementSchema, EndEngagementParamsSchema } from '#shared/end-engagement.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { endEngagement } from './end-engagement.use-cases.ts';

export async function endEngagementRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  app.post(
    '/api/family/requests/:id/end',
    { config: access.family, schema: { params: EndEngagementParamsSchema, response: { 200: EndedEngagementSchema } } },
    async (req) => {
      const user = requireUser(req);
      return endEngagement(db, { requestId: req.params.id, member: { id: user.id, name: user.name }, publicUrl: env.PUBLIC_URL });
    },
  );
}
