// A page sent as JSON text built by the database gives the access log the ids it shows
// (sendJsonPage), so the log does not parse the text; a page answered as a value is read before it is
// serialised. Outside production the given ids are held to what the text shows
// (docs/decisions/0076-access-log-reads-the-ids-it-is-given.md).
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessLog } from '../db/schema.ts';
import { sendJsonPage, type JsonText } from '../lib/json-text.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createLawyer, createUser } from '#tests/factories.ts';
import { accessLogPlugin } from './access-log.ts';

const t = useTestApp();

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/** An app with the plugin and the lawyer's pending-requests route, answering `text` and giving `shown`. */
async function appGiving(actorId: string, text: string, shown: string[], check: boolean) {
  const app = Fastify();
  app.decorate('deps', { db: t.db, env: { CHECK_SPLICED_JSON: check } } as never);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    (req as unknown as { user: unknown }).user = { id: actorId, role: 'Lawyer' };
  });
  await app.register(accessLogPlugin);
  app.get('/api/lawyers/requests', async (_req, reply) => sendJsonPage(reply, { text: text as JsonText<unknown>, shown }));
  await app.ready();
  return app;
}

const page = (...ids: string[]) => JSON.stringify({ requests: ids.map((id) => ({ id: 'r', familyMember: { id } })), nextCursor: null });

async function shownLogged(actorId: string) {
  const rows = await t.db.select().from(accessLog).where(eq(accessLog.actorId, actorId));
  return rows.map((r) => [r.what, r.shown]);
}

describe('the access log of a page sent as JSON text', () => {
  it('logs the ids the route gave when they are those the page shows', async () => {
    const { user } = await createLawyer(t.db);
    const app = await appGiving(user.id, page(A, B), [A, B], true);
    const res = await app.inject('/api/lawyers/requests');
    expect(res.statusCode, res.body).toBe(200);
    expect(await shownLogged(user.id)).toEqual([['lawyer.requests', [A, B]]]);
    await app.close();
  });

  it.each([
    ['one missing', [A]],
    ['another order', [B, A]],
    ['another id', [A, A]],
  ])('outside production, fails the request when the given ids are not those shown (%s), and logs nothing', async (_, given) => {
    const { user } = await createLawyer(t.db);
    const app = await appGiving(user.id, page(A, B), given, true);
    expect((await app.inject('/api/lawyers/requests')).statusCode).toBe(500);
    expect(await shownLogged(user.id)).toEqual([]);
    await app.close();
  });

  it('in production, logs the given ids without reading the text', async () => {
    const { user } = await createLawyer(t.db);
    const app = await appGiving(user.id, '{"requests":"not read"}', [B], false);
    expect((await app.inject('/api/lawyers/requests')).statusCode).toBe(200);
    expect(await shownLogged(user.id)).toEqual([['lawyer.requests', [B]]]);
    await app.close();
  });
});

describe('the access log of a page answered as a value', () => {
  it('reads the ids from the value before it is serialised (the NGO members page)', async () => {
    const jail = await createUser(t.db, { role: 'Jail-Authority' });
    const { user } = await createLawyer(t.db); // any member id will do: the route is a stand-in
    const app = Fastify();
    app.decorate('deps', { db: t.db, env: { CHECK_SPLICED_JSON: false } } as never);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      (req as unknown as { user: unknown }).user = { id: jail.id, role: 'Jail-Authority' };
    });
    await app.register(accessLogPlugin);
    // The serialised text names no id: only the value kept before serialising does.
    app.setReplySerializer(() => '{"items":[]}');
    app.get('/api/ngos/:id/members', async () => ({ items: [{ id: user.id }] }));
    await app.ready();
    const res = await app.inject(`/api/ngos/${A}/members`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('{"items":[]}');
    expect(await shownLogged(jail.id)).toEqual([['ngo.members', [user.id]]]);
    await app.close();
  });
});
