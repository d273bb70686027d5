import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { access } from '../../plugins/route-guard.ts';

const StatusSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', { config: access.public, schema: { response: { 200: StatusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  // Ready when the database answers and the migrations have been applied.
  app.get('/api/ready', { config: access.public, schema: { response: { 200: StatusSchema } } }, async () => {
    try {
      await app.deps.db.execute(sql`select 1 from users limit 1`);
    } catch {
      throw new AppError(503, 'not_ready', 'The database is not ready.');
    }
    return { status: 'ok' as const };
  });
}
