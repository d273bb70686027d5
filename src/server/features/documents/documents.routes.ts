import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { sendDocument } from '../../lib/documents.ts';

export async function documentsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Who may open a document is decided per document (policies/document.policy.ts), for every signed-in role.
  app.get('/api/documents/:id', { config: access.anyRole, schema: { params: z.strictObject({ id: z.uuid() }) } }, async (req, reply) =>
    sendDocument(app.deps.db, app.deps.papers, requireUser(req), req.params.id, reply),
  );
}
