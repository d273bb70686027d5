// Probe defect 1 (decision 0033): `/%61pi/jail/members` answered 200 to anyone, because the session lookup,
// the role guard, the CSRF check and the no-store header tested the raw URL for an `/api` prefix
// while the router decodes the path. Every operation of /api/openapi.json is sent under every
// spelling the router might accept, anonymously and as each role: a spelling the router matches
// must get exactly the plain spelling's status, body shape, cache header and CSRF refusal; one it
// does not match is the router's own 404, never anything more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants.ts';
import type { LightMyRequestResponse } from 'fastify';
import { underApiOrDev } from '#server/plugins/spa.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { usePostgres } from './test-db.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createUser, sessionCookie } from './factories.ts';

let t: TestApp;
const users: Partial<Record<Role, string>> = {};
const FAKE_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000', RATE_LIMIT_SIGNUP_PER_IP: '100000' });
  // Each role has a record of its own, so its lists are not empty and a leak would show.
  users['Family-Member'] = (await createFamilyMember(t.db)).user.id;
  users.Lawyer = (await createLawyer(t.db)).user.id;
  users['Jail-Authority'] = (await createJailAuthority(t.db)).id;
  users.DLSA = (await createUser(t.db, { role: 'DLSA' })).id;
  users['State-Administrator'] = (await createUser(t.db, { role: 'State-Administrator' })).id;
  await createFamilyMember(t.db);
});
afterAll(() => t.close());

async function operations() {
  const res = await t.request('GET', '/api/openapi.json');
  const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
  const ops: { method: string; path: string }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) ops.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, FAKE_ID) });
  }
  return ops;
}

const hex = (ch: string) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** The spellings of one path: encoded letters (lower- and upper-case hex), slashes, case, `;`… */
export function spellings(path: string): { name: string; url: string; routerDecodes: boolean }[] {
  const [, first = '', ...rest] = path.split('/');
  const out = [
    { name: 'first letter encoded', url: `/${hex(first[0]!)}${first.slice(1)}/${rest.join('/')}`, routerDecodes: true },
    { name: 'upper-case hex', url: `/${hex(first[0]!).toUpperCase()}${first.slice(1)}/${rest.join('/')}`, routerDecodes: true },
    {
      name: 'every letter encoded',
      url: path.replace(/[a-z]/g, (c) => hex(c)),
      routerDecodes: true,
    },
    { name: 'encoded slash', url: `/api${hex('/')}${path.slice('/api/'.length)}`, routerDecodes: false },
    { name: 'doubled slash', url: `/${path}`, routerDecodes: false },
    { name: 'doubled inner slash', url: path.replace('/api/', '/api//'), routerDecodes: false },
    { name: 'upper case', url: path.replace('/api', '/API'), routerDecodes: false },
    { name: 'trailing slash', url: `${path}/`, routerDecodes: false },
    { name: 'semicolon parameter', url: `${path};jsessionid=1`, routerDecodes: false },
    { name: 'semicolon in the prefix', url: path.replace('/api', '/api;x=1'), routerDecodes: false },
    { name: 'dot segment', url: path.replace('/api/', '/api/./'), routerDecodes: false },
    { name: 'encoded dot segment', url: path.replace('/api/', `/x/${hex('.')}${hex('.')}/api/`), routerDecodes: false },
  ];
  if (path.includes(FAKE_ID))
    out.push({ name: 'encoded id digit', url: path.replace(FAKE_ID, `${hex('0')}${FAKE_ID.slice(1)}`), routerDecodes: true });
  return out;
}

function shape(res: LightMyRequestResponse): string {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) return `${res.statusCode} ${type.split(';')[0]}`;
  const body = res.json<Record<string, unknown>>();
  const error = body.error as { code?: string } | undefined;
  if (error) return `${res.statusCode} error:${error.code}`;
  return `${res.statusCode} keys:${Object.keys(body).sort().join(',')}`;
}

const isRouterNotFound = (res: LightMyRequestResponse) =>
  res.statusCode === 404 && String(res.headers['content-type'] ?? '').includes('json')
    ? res.json<{ error: { code: string; message: string } }>().error.message === 'No such address.'
    : res.statusCode === 404 || (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/html'));

describe('every spelling of every operation gets the plain spelling’s checks', () => {
  // Some 12,000 requests. What it compares (a spelling gets the plain spelling's answer) is the
  // router's and the guards' doing; the handlers behind them run the same statements on either
  // database and are tested on both by their own files. So this one runs on the embedded database
  // only: it took 44 s on each.
  it.skipIf(usePostgres())(
    'answers anonymous callers and each role alike under every spelling the router accepts',
    async () => {
      const ops = await operations();
      expect(ops.length).toBeGreaterThan(20);
      let matched = 0;
      for (const op of ops) {
        for (const role of [null, ...ROLES]) {
          const send = async (url: string) => {
            // A fresh session per call: sign-out and similar calls end the one they carry.
            const cookie = role ? await sessionCookie(t.db, users[role]!) : undefined;
            return t.request(op.method, url, { cookie, body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {} });
          };
          const plain = await send(op.path);
          for (const spelling of spellings(op.path)) {
            const res = await send(spelling.url);
            const label = `${role ?? 'anonymous'} ${op.method} ${spelling.url} (${spelling.name}): ${shape(res)} vs plain ${shape(plain)}`;
            if (spelling.routerDecodes) {
              // The router reads this spelling as the plain path: it must be the same answer.
              expect(shape(res), label).toBe(shape(plain));
              expect(res.headers['cache-control'], label).toBe(plain.headers['cache-control']);
              matched += 1;
            } else if (shape(res) === shape(plain)) {
              matched += 1;
            } else {
              // The router did not match it (its own 404), or matched the same route with another
              // parameter value (`{id};x=1`), which the guard let past exactly as the plain one.
              const sameRouteOtherParam = res.statusCode === 400 && plain.statusCode !== 401 && plain.statusCode !== 403;
              expect(isRouterNotFound(res) || sameRouteOtherParam, label).toBe(true);
            }
            // Never served to someone the plain spelling refuses.
            if (plain.statusCode === 401 || plain.statusCode === 403) expect(res.statusCode, label).not.toBe(200);
          }
        }
      }
      expect(matched).toBeGreaterThan(ops.length * 4);
    },
    360_000,
  ); // six roles × every operation × 13 spellings

  it('refuses a cross-site write under every spelling, as it does the plain one', async () => {
    const ops = (await operations()).filter((op) => op.method !== 'GET');
    const cookie = await sessionCookie(t.db, users['Family-Member']!);
    for (const op of ops) {
      for (const { url } of [{ url: op.path }, ...spellings(op.path)]) {
        const res = await t.request(op.method, url, { cookie, body: {}, headers: { 'sec-fetch-site': 'cross-site' } });
        expect(shape(res), `${op.method} ${url}`).toBe('403 error:cross_site');
      }
    }
  });

  it('reproduces the probe: /%61pi/jail/members and friends need a Jail-Authority session', async () => {
    for (const url of [
      '/%61pi/jail/members?pageSize=50',
      '/%61pi/jail/members?q=a',
      '/%61pi/jail/deadline-flags',
      '/%61pi/prisons',
      '/%61pi/jail/release-counts',
    ]) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ error: { code: 'unauthenticated' } });
      expect(res.headers['cache-control'], url).toBe('no-store');
      const family = await t.request('GET', url, { cookie: await sessionCookie(t.db, users['Family-Member']!) });
      expect(family.statusCode, url).toBe(403);
    }
  });
});

describe('an address the router did not match, under /api by a lenient reading', () => {
  it('is the API’s 404, never the app’s page, with or without a client build', () => {
    for (const path of ['//api/profile', '/API/profile', '/api;x=1/profile', '/x/../api/profile', '/api/./profile', '/dev//mail', '/api']) {
      expect(underApiOrDev(path), path).toBe(true);
    }
    for (const path of ['/', '/lawyerSearch', '/apis', '/api-docs', '/developer', '/family-case']) {
      expect(underApiOrDev(path), path).toBe(false);
    }
  });
});
