// Writes the access log (docs/decisions/0049-access-log.md) for every route that reads or changes a
// prisoner's record, named in one table below rather than in each handler: after the handler
// answered 2xx (so the policy allowed it) and before the answer leaves, its row is committed, with the
// rows of other answers leaving at the same time (docs/decisions/0062-access-log-group-commit.md; a
// write's row too: docs/decisions/0068-fewer-statements-a-write.md).
// Should the insert fail, the request fails: nothing is read without its row.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessAction } from '#shared/access-log.ts';
import type { Db } from '../db/client.ts';
import { keepSentValue, sentValueOf, shownIdsOf } from '../lib/json-text.ts';
import { logListAccess, logLookedUpAccess, logRecordAccess, type AccessActor } from '../lib/access-log.ts';

type Params = Record<string, string | undefined>;
type Body = Record<string, unknown>;

type Rule =
  /** One case, by the route's :caseId. */
  | { kind: 'case'; action: AccessAction; what: string }
  /** One hearing, by the route's :id. */
  | { kind: 'hearing'; action: AccessAction; what: string }
  /** A prisoner's followers changed (an invitation, a relative joining or leaving): by :prisonerId or the answer's prisonerId. */
  | { kind: 'prisoner'; action: AccessAction; what: string }
  /** The signed-in member's own record (its export): a row for each prisoner they follow. */
  | { kind: 'self'; action: AccessAction; what: string }
  /** One member's record, by the route's :id. */
  | { kind: 'member'; action: AccessAction; what: string }
  /** One document: by the route's :id, or the id the answer carries (an upload). */
  | { kind: 'document'; action: AccessAction; from: 'params' | 'answer' }
  /** A page of records: the ids the answer shows. */
  | { kind: 'list'; what: string; ids: (body: Body) => unknown[] };

const field = (key: string) => (row: unknown) => (row as Record<string, unknown> | null)?.[key];
const each = (list: string, pick: (row: unknown) => unknown) => (body: Body) =>
  Array.isArray(body[list]) ? (body[list] as unknown[]).map(pick) : [];

/** What each route logs, by its method and URL pattern. */
export const ACCESS_LOGGED_ROUTES: Record<string, Rule> = {
  'GET /api/cases/:caseId': { kind: 'case', action: 'read', what: 'case' },
  'PUT /api/cases/:caseId/facts': { kind: 'case', action: 'change', what: 'case.facts' },
  'POST /api/cases/:caseId/application-printed': { kind: 'case', action: 'export', what: 'case.application' },
  'POST /api/cases/:caseId/transfer': { kind: 'case', action: 'change', what: 'prisoner.transfer' },
  'POST /api/cases/:caseId/disposal': { kind: 'case', action: 'change', what: 'case.disposal' },
  'DELETE /api/cases/:caseId/disposal': { kind: 'case', action: 'change', what: 'case.disposal' },
  'GET /api/cases/:caseId/deadlines': { kind: 'case', action: 'read', what: 'case.hearings' },
  'POST /api/cases/:caseId/hearings': { kind: 'case', action: 'change', what: 'case.hearings' },
  'PUT /api/cases/:caseId/bail': { kind: 'case', action: 'change', what: 'case.bail' },
  'POST /api/dlsa/cases/:caseId/bail-steps': { kind: 'case', action: 'change', what: 'case.bail-steps' },
  'POST /api/cases/:caseId/bail-steps': { kind: 'case', action: 'change', what: 'case.bail-steps' },
  'GET /api/cases/:caseId/bail-papers': { kind: 'case', action: 'read', what: 'case.bail-papers' },
  'POST /api/cases/:caseId/dlsa-intimation': { kind: 'case', action: 'export', what: 'case.bail-papers' },
  'PUT /api/hearings/:id': { kind: 'hearing', action: 'change', what: 'case.hearings' },
  'POST /api/family/prisoners/:prisonerId/invitations': { kind: 'prisoner', action: 'change', what: 'prisoner.invitation' },
  'DELETE /api/family/prisoners/:prisonerId/follow': { kind: 'prisoner', action: 'change', what: 'prisoner.left' },
  'POST /api/family/invitations/accept': { kind: 'prisoner', action: 'change', what: 'prisoner.joined' },
  'POST /api/family/prisoners/:prisonerId/consent/withdraw': { kind: 'prisoner', action: 'change', what: 'prisoner.consent' },
  'PUT /api/family/prisoners/:prisonerId/consent': { kind: 'prisoner', action: 'change', what: 'prisoner.consent' },
  // A family member's rights over their data (docs/decisions/0054-rights-a-family-can-use.md).
  'PUT /api/family/prisoners/:prisonerId': { kind: 'prisoner', action: 'change', what: 'prisoner.details' },
  'GET /api/family/my-data': { kind: 'self', action: 'export', what: 'member.export' },
  'GET /api/documents/:id': { kind: 'document', action: 'download', from: 'params' },
  'POST /api/family/documents': { kind: 'document', action: 'change', from: 'answer' },
  'POST /api/lawyers/clients/:familyMemberId/documents': { kind: 'document', action: 'change', from: 'answer' },
  'POST /api/jail/members/:id/ngo': { kind: 'member', action: 'change', what: 'member.ngo' },
  'POST /api/jail/members/:id/bail-accept': { kind: 'member', action: 'change', what: 'member.bail-accept' },
  'POST /api/jail/members/:id/bail-accept/undo': { kind: 'member', action: 'change', what: 'member.bail-accept' },
  'GET /api/jail/members': { kind: 'list', what: 'jail.members', ids: each('items', field('id')) },
  'GET /api/prisoners/search': { kind: 'list', what: 'prisoners.search', ids: each('prisoners', field('id')) },
  'GET /api/dlsa/bail-desk': { kind: 'list', what: 'dlsa.bail-desk', ids: each('cases', field('caseId')) },
  'GET /api/dlsa/legal-aid': { kind: 'list', what: 'dlsa.legal-aid', ids: each('applications', field('prisonerId')) },
  'POST /api/dlsa/legal-aid/:id/accept': { kind: 'prisoner', action: 'change', what: 'prisoner.legal-aid' },
  'POST /api/dlsa/legal-aid/:id/refuse': { kind: 'prisoner', action: 'change', what: 'prisoner.legal-aid' },
  'POST /api/family/legal-aid': { kind: 'prisoner', action: 'change', what: 'prisoner.legal-aid' },
  'GET /api/family/legal-aid': { kind: 'list', what: 'family.legal-aid', ids: each('applications', field('prisonerId')) },
  'GET /api/dlsa/utrc': {
    kind: 'list',
    what: 'dlsa.utrc',
    ids: (body) =>
      Array.isArray(body.categories) ? (body.categories as unknown[]).flatMap((c) => each('rows', field('prisonerId'))(c as Body)) : [],
  },
  'GET /api/lawyers/clients': { kind: 'list', what: 'lawyer.clients', ids: each('clients', field('id')) },
  'GET /api/lawyers/requests': {
    kind: 'list',
    what: 'lawyer.requests',
    ids: each('requests', (r) => field('id')(field('familyMember')(r))),
  },
  'GET /api/ngos/:id/members': { kind: 'list', what: 'ngo.members', ids: each('items', field('id')) },
  'GET /api/family/cases': { kind: 'list', what: 'family.cases', ids: each('cases', field('id')) },
  'GET /api/family/documents': { kind: 'list', what: 'family.documents', ids: each('documents', field('id')) },
  // The administrator's breach question reads whose records an account read: logged in its turn.
  'GET /api/admin/access-log': { kind: 'list', what: 'admin.access-log', ids: each('rows', (r) => field('id')(field('prisoner')(r))) },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string' && UUID.test(v));

function parsed(payload: unknown): Body {
  if (typeof payload !== 'string') return {};
  try {
    const body: unknown = JSON.parse(payload);
    return body && typeof body === 'object' ? (body as Body) : {};
  } catch {
    return {};
  }
}

/**
 * The ids a page of records shows: those the route gave with its JSON text (sendJsonPage), else read from
 * the value it answered, else from the text sent. Outside production (check), given ids are held to what
 * the text shows, so a route that gives the wrong ones fails its tests.
 */
function shownBy(rule: Extract<Rule, { kind: 'list' }>, reply: FastifyReply, payload: unknown, check: boolean): readonly string[] {
  const given = shownIdsOf(reply);
  if (given && !check) return given;
  const shown = uuids(rule.ids((sentValueOf(reply) as Body | undefined) ?? parsed(payload)));
  if (given && (given.length !== shown.length || given.some((id, i) => id !== shown[i])))
    throw new Error(`the ids given for the access log (${given.join(', ')}) are not those the page shows (${shown.join(', ')})`);
  return shown;
}

async function write(
  db: Db,
  check: boolean,
  actor: AccessActor,
  rule: Rule,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const params = (req.params ?? {}) as Params;
  switch (rule.kind) {
    case 'case':
      if (params.caseId) await logLookedUpAccess(db, actor, { lookup: 'case', action: rule.action, what: rule.what, id: params.caseId });
      return;
    case 'hearing':
      if (params.id) await logLookedUpAccess(db, actor, { lookup: 'hearing', action: rule.action, what: rule.what, id: params.id });
      return;
    case 'prisoner': {
      const id = params.prisonerId ?? parsed(payload).prisonerId;
      if (typeof id === 'string' && UUID.test(id))
        await logRecordAccess(db, actor, { action: rule.action, what: rule.what, prisonerId: id, memberId: actor.id });
      return;
    }
    case 'self':
      await logLookedUpAccess(db, actor, { lookup: 'member', action: rule.action, what: rule.what, id: actor.id });
      return;
    case 'member':
      if (params.id) await logLookedUpAccess(db, actor, { lookup: 'member', action: rule.action, what: rule.what, id: params.id });
      return;
    case 'document': {
      const id = rule.from === 'params' ? params.id : parsed(payload).id;
      if (typeof id === 'string' && UUID.test(id))
        await logLookedUpAccess(db, actor, { lookup: 'document', action: rule.action, what: 'document', id });
      return;
    }
    case 'list': {
      // An empty page is logged too: the search was made, and every page costs the same statements.
      await logListAccess(db, actor, rule.what, shownBy(rule, reply, payload, check));
      return;
    }
  }
}

const ruleOf = (req: FastifyRequest): Rule | undefined => ACCESS_LOGGED_ROUTES[`${req.method} ${req.routeOptions.url ?? ''}`];

export const accessLogPlugin = fp(async (app: FastifyInstance) => {
  // A page answered as a value: kept before it is serialised, so the log reads its ids without parsing the text.
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (req.user && ruleOf(req)?.kind === 'list') keepSentValue(reply, payload);
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.user || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const rule = ruleOf(req);
    if (rule)
      await write(app.deps.db, app.deps.env.CHECK_SPLICED_JSON, { id: req.user.id, role: req.user.role }, rule, req, reply, payload);
    return payload;
  });
});
