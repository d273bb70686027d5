// Outside production, a response spliced from stored JSON (the jail's list of cards) is held to the
// route's schema before it goes out (lib/json-text.ts): a malformed card is an error, not an answer.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from './test-app.ts';
import { createFamilyMember, createJailAuthority, sessionCookie } from './factories.ts';

const t = useTestApp();

describe('spliced JSON text', () => {
  it('is checked against the response schema in test and development, and the check can be turned off', async () => {
    const { user } = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
    expect((await t.request('GET', '/api/jail/members', { cookie })).statusCode).toBe(200);
    // A card broken by hand (triggers off, as a data fix would).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update jail_cards set card = '{"id":"not-a-member"}' where member_id = ${user.id}`);
    });
    const res = await t.request('GET', '/api/jail/members', { cookie });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'internal' } });
    expect(t.env.CHECK_SPLICED_JSON).toBe(true);
    const { parseEnv } = await import('#server/env.ts');
    expect(parseEnv({ NODE_ENV: 'development' }).CHECK_SPLICED_JSON).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development', CHECK_SPLICED_JSON: 'false' }).CHECK_SPLICED_JSON).toBe(false);
  });
});
