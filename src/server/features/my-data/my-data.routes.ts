// A family member's rights over their data (docs/decisions/0054-rights-a-family-can-use.md): the
// export (logged as an export of the record, plugins/access-log.ts), the prisoner's details, the
// nominee and erasure. Family-Member only; each route parses and calls one use case.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EraseAccountSchema,
  ErasureCheckSchema,
  MyDataSchema,
  NomineeAnswerSchema,
  NomineeInputSchema,
  PrisonerDetailsSchema,
  UpdatePrisonerSchema,
} from '#shared/my-data.ts';
import { PrisonerIdParamsSchema } from '#shared/prisoner-followers.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { clearSessionCookie, requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import * as rights from './my-data.use-cases.ts';

export async function myDataRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // Sent as a file to save; the /my-data screen reads the same answer to show it.
  app.get('/api/family/my-data', { config: access.family, schema: { response: { 200: MyDataSchema } } }, async (req, reply) => {
    const data = await rights.exportMyData(deps, requireUser(req));
    void reply.header('content-disposition', `attachment; filename="rihaai-my-data-${data.exportedAt.slice(0, 10)}.json"`);
    return data;
  });

  app.put(
    '/api/family/prisoners/:prisonerId',
    {
      config: access.family,
      schema: { params: PrisonerIdParamsSchema, body: UpdatePrisonerSchema, response: { 200: PrisonerDetailsSchema } },
    },
    async (req) => rights.correctPrisoner(deps, requireUser(req), req.params.prisonerId, req.body),
  );

  app.get('/api/family/nominee', { config: access.family, schema: { response: { 200: NomineeAnswerSchema } } }, async (req) =>
    rights.getNominee(deps, requireUser(req)),
  );

  app.put(
    '/api/family/nominee',
    { config: access.family, schema: { body: NomineeInputSchema, response: { 200: NomineeAnswerSchema } } },
    async (req) => rights.setNominee(deps, requireUser(req), req.body),
  );

  app.delete('/api/family/nominee', { config: access.family, schema: { response: { 200: NomineeAnswerSchema } } }, async (req) =>
    rights.removeNominee(deps, requireUser(req)),
  );

  app.get('/api/family/erasure', { config: access.family, schema: { response: { 200: ErasureCheckSchema } } }, async (req) =>
    rights.checkErasure(deps, requireUser(req)),
  );

  // The password typed again, and the words of the confirmation: an empty or stray request erases nothing.
  app.post(
    '/api/family/erasure',
    { config: access.family, schema: { body: EraseAccountSchema, response: { 200: z.object({ erased: z.literal(true) }) } } },
    async (req, reply) => {
      const user = requireUser(req);
      await enforce(deps.db, reply, { key: `password-change:${user.id}`, max: 10, windowMs: deps.env.RATE_LIMIT_WINDOW_MINUTES * 60_000 });
      await rights.eraseAccount(deps, user, req.body);
      clearSessionCookie(reply);
      return { erased: true as const };
    },
  );
}
