// Every route in /api/openapi.json, called by each role and anonymously, answers only as its
// x-roles allow. Routes added later are covered automatically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants.ts';
import { isErrorCode, type ErrorBody } from '#shared/errors.ts';
import Fastify from 'fastify';
import { buildApp } from '#server/app.ts';
import { installRouteGuard, UndeclaredRouteError } from '#server/plugins/route-guard.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createFamilyMember, createJailAuthority, createUser, createLawyer, sessionCookie } from './factories.ts';

let t: TestApp;
const users: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  users['Family-Member'] = (await createFamilyMember(t.db)).user.id;
  users.Lawyer = (await createLawyer(t.db)).user.id;
  users['Jail-Authority'] = (await createJailAuthority(t.db)).id;
  users.DLSA = (await createUser(t.db, { role: 'DLSA' })).id;
  users['State-Administrator'] = (await createUser(t.db, { role: 'State-Administrator' })).id;
});
afterAll(() => t.close());

async function operations() {
  const res = await t.request('GET', '/api/openapi.json');
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, { 'x-roles'?: string[] }>> }>();
  const ops: { method: string; path: string; roles: string[] }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({ method: method.toUpperCase(), path, roles: op['x-roles'] ?? [] });
    }
  }
  return ops;
}

const fill = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('authorization matrix from the OpenAPI document', () => {
  it('declares x-roles on every operation', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(5);
    for (const op of ops) expect(op.roles.length, `${op.method} ${op.path}`).toBeGreaterThan(0);
  });

  it('refuses anonymous callers on every non-public route with 401', async () => {
    for (const op of await operations()) {
      if (op.roles.includes('public')) continue;
      const res = await t.request(op.method, fill(op.path), { body: op.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
  });

  it('refuses each role on routes not declared for it, and lets it past the guard where declared', async () => {
    for (const op of await operations()) {
      if (op.roles.includes('public')) continue;
      for (const role of ROLES) {
        const cookie = await sessionCookie(t.db, users[role]!);
        const res = await t.request(op.method, fill(op.path), { cookie, body: op.method === 'GET' ? undefined : {} });
        const label = `${role} ${op.method} ${op.path} → ${res.statusCode}`;
        if (op.roles.includes(role)) {
          expect(res.statusCode, label).not.toBe(401);
          expect(res.statusCode === 403 && res.json<{ error: { code: string } }>().error.code === 'forbidden', label).toBe(false);
        } else {
          expect([403, 404], label).toContain(res.statusCode);
        }
      }
    }
  });

  it('never answers 500 to any role with an empty or fake request', async () => {
    for (const op of await operations()) {
      for (const role of [...ROLES, null]) {
        const cookie = role ? await sessionCookie(t.db, users[role]!) : undefined;
        const res = await t.request(op.method, fill(op.path), { cookie, body: op.method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${role} ${op.method} ${op.path}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(isErrorCode(res.json<ErrorBody>().error.code), `${role} ${op.method} ${op.path}`).toBe(true);
      }
    }
  });
});

describe('every /api route has a declared guard (deny by default)', () => {
  const isDeclared = (roles: unknown) =>
    roles === 'public' ||
    roles === 'signed-in' ||
    (Array.isArray(roles) && roles.length > 0 && roles.every((r) => (ROLES as readonly unknown[]).includes(r)));

  it('records the declared roles of every route, and nothing else', () => {
    expect(t.app.routeRoles.size).toBeGreaterThan(5);
    for (const [key, roles] of t.app.routeRoles) expect(isDeclared(roles), key).toBe(true);
  });

  it('refuses to register an /api route that declares no roles', async () => {
    const app = await buildApp({ db: t.db, env: t.env, mailer: t.mailer, papers: t.papers });
    try {
      expect(() => app.get('/api/undeclared', async () => ({ open: true }))).toThrow(UndeclaredRouteError);
      // A declared one next to it registers fine, so the refusal is about the missing roles.
      expect(() => app.get('/api/declared', { config: { roles: 'public' } }, async () => ({ ok: true }))).not.toThrow();
      await app.ready();
      expect(app.routeRoles.has('GET /api/undeclared')).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/api/undeclared' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('fails start-up when a plugin registers an undeclared route', async () => {
    const app = await buildApp({ db: t.db, env: t.env, mailer: t.mailer, papers: t.papers });
    const registering = app.register(async (child) => {
      child.post('/api/plugin-route', async () => ({ open: true }));
    });
    await expect(registering).rejects.toThrow(UndeclaredRouteError);
    await app.close().catch(() => {});
  });

  it('is installed before any plugin, so an early route cannot escape; outside /api it asks nothing', async () => {
    const app = Fastify();
    installRouteGuard(app);
    expect(() => app.get('/api/early', async () => ({ open: true }))).toThrow(UndeclaredRouteError);
    // Outside /api (static files, the SPA shell) no declaration is needed.
    expect(() => app.get('/healthz', async () => 'ok')).not.toThrow();
    await app.close();
  });

  it('refuses, at request time, an /api route that was registered before the guard', async () => {
    const app = Fastify();
    app.get('/api/before', async () => ({ open: true }));
    installRouteGuard(app);
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/before' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('open');
    await app.close();
  });
});

describe('cross-site protection', () => {
  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'cross_site' } });
    const res2 = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res2.statusCode).toBe(403);
  });

  it('refuses a text/plain body on a JSON route with 415', async () => {
    const res = await t.request('POST', '/api/auth/signin', { body: 'role=Lawyer', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
