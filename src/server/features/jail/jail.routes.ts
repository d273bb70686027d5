// The jail authority's dashboard, NGO assignment and Bail-Accept (docs/spec.md#2-screens-and-routes, §4; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssignNgoResultSchema,
  AssignNgoSchema,
  BAIL_UNDO_SECONDS,
  BailAcceptResultSchema,
  BailUndoResultSchema,
  MemberParamsSchema,
  MembersPageSchema,
  MembersQuerySchema,
} from '#shared/jail.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listMembersJson } from './jail.queries.ts';
import { acceptBail, assignNgo, undoBailAccept } from './jail.use-cases.ts';
import { releaseCounts } from './jail.release.ts';
import { ReleaseCountsSchema } from '#shared/cases.ts';
import { access } from '../../plugins/route-guard.ts';
import { authorizeNgo } from '../../policies/ngo.policy.ts';
import { sendJsonPage } from '../../lib/json-text.ts';
import { memberRecordDecision, type Actor } from '../../policies/member-record.policy.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';

/** A jail authority of one prison acts only on members it lists (a member of another prison: 404, as an unknown one). */
async function assertSeesMember(db: Db, actor: Actor, familyMemberId: string): Promise<void> {
  if ((await memberRecordDecision(db, actor, familyMemberId, 'read-record')) !== 'allow') throw notFound('family member');
}

export async function jailRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get(
    '/api/jail/members',
    { config: access.jail, schema: { querystring: MembersQuerySchema, response: { 200: MembersPageSchema } } },
    // The body comes as JSON text built from the stored cards: sent as it is (a string with a JSON
    // content type skips the serialiser), so the schema above documents it and the tests hold it to
    // it (docs/decisions/0021-stored-member-cards.md).
    async (req, reply) => {
      const user = requireUser(req); // the role check ran in auth.ts; a second line here, should it ever be skipped
      return sendJsonPage(reply, await listMembersJson(db, req.query, user.prisonId));
    },
  );

  // Release tracker counts, apart from the member list so each stays one indexed query.
  app.get('/api/jail/release-counts', { config: access.jail, schema: { response: { 200: ReleaseCountsSchema } } }, async (req) => {
    return releaseCounts(db, undefined, requireUser(req).prisonId);
  });

  app.post(
    '/api/jail/members/:id/ngo',
    {
      config: access.jail,
      schema: { params: MemberParamsSchema, body: AssignNgoSchema, response: { 200: AssignNgoResultSchema } },
    },
    async (req) => {
      const user = requireUser(req);
      authorizeNgo(user, 'assign');
      await assertSeesMember(db, user, req.params.id);
      return assignNgo(db, { familyMemberId: req.params.id, ngoId: req.body.ngoId, assignedBy: user.id });
    },
  );

  app.post(
    '/api/jail/members/:id/bail-accept',
    { config: access.jail, schema: { params: MemberParamsSchema, response: { 200: BailAcceptResultSchema } } },
    async (req) => {
      const user = requireUser(req);
      await assertSeesMember(db, user, req.params.id);
      return acceptBail(db, {
        familyMemberId: req.params.id,
        decidedBy: user.id,
        publicUrl: env.PUBLIC_URL,
        emailHoldMs: env.BAIL_EMAIL_HOLD_SECONDS * 1000,
      });
    },
  );

  // A mistaken Bail-Accept, undone within BAIL_UNDO_SECONDS (any jail authority; audited).
  app.post(
    '/api/jail/members/:id/bail-accept/undo',
    { config: access.jail, schema: { params: MemberParamsSchema, response: { 200: BailUndoResultSchema } } },
    async (req) => {
      const user = requireUser(req);
      await assertSeesMember(db, user, req.params.id);
      return undoBailAccept(db, { familyMemberId: req.params.id, undoneBy: user.id, windowMs: BAIL_UNDO_SECONDS * 1000 });
    },
  );
}
