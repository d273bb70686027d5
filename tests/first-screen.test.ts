// The page a direct visit gets: the visitor's session in a JSON block, and, for a signed-in person's
// first screen, that screen's chunks named in its head (src/server/lib/first-screen.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SCREENS, PAGE_ANSWERS_SCRIPT_ID, SESSION_SCRIPT_ID, SIGNED_IN_FRAME_MODULE } from '#shared/first-screens.ts';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { createFamilyMember, createUser, sessionCookie } from './factories.ts';
import { useTestApp } from './test-app.ts';

// A build of its own: index.html and a manifest shaped as Vite writes them.
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-first-screen-'));
fs.writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/Box-B.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
fs.mkdirSync(path.join(staticDir, '.vite'));
fs.writeFileSync(
  path.join(staticDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_Box-B.js'], css: ['assets/index-C.css'] },
    '_Box-B.js': { file: 'assets/Box-B.js' },
    [SIGNED_IN_FRAME_MODULE]: {
      file: 'assets/role-layout-D.js',
      isDynamicEntry: true,
      imports: ['_Box-B.js', '_Menu-E.js'],
      css: ['assets/role-layout-F.css'],
    },
    '_Menu-E.js': { file: 'assets/Menu-E.js', imports: ['_Box-B.js'] },
    'features/family/family-home-page.tsx': {
      file: 'assets/family-home-page-G.js',
      isDynamicEntry: true,
      imports: ['_Menu-E.js', '_family.api-H.js'],
    },
    '_family.api-H.js': { file: 'assets/family.api-H.js' },
    'features/lawyers/lawyer-home-page.tsx': { file: 'assets/lawyer-home-page-I.js', isDynamicEntry: true },
    'locales/en.ts': { file: 'assets/en-J.js', isDynamicEntry: true, imports: ['index.html'] },
    'locales/hi.ts': { file: 'assets/hi-K.js', isDynamicEntry: true },
    'locales/de.ts': { file: 'assets/de-L.js', isDynamicEntry: true },
  }),
);
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

const t = useTestApp({ STATIC_DIR: staticDir });

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
function sessionOf(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${SESSION_SCRIPT_ID}">(.*?)</script>`, 's').exec(html);
  if (!m) throw new Error(`no session block in\n${html}`);
  return JSON.parse(m[1]!);
}

function answersOf(html: string): Record<string, { status: number; body: unknown }> | undefined {
  const m = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_SCRIPT_ID}">(.*?)</script>`, 's').exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, { status: number; body: unknown }>) : undefined;
}

describe('the page of a direct visit', () => {
  it('carries a signed-out session and nothing more for a visitor without one; no cache keeps it', async () => {
    const res = await t.request('GET', '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sessionOf(res.body)).toEqual({ user: null });
    expect(preloads(res.body)).toEqual(['/assets/Box-B.js']);
    expect(stylesheets(res.body)).toEqual([]);
  });

  it('names the signed-in frame and the home screen of a family member, except what the entry already loads', async () => {
    const user = await createUser(t.db, { role: 'Family-Member' });
    const res = await t.request('GET', '/family-member?from=email', { cookie: await sessionCookie(t.db, user.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(sessionOf(res.body)).toEqual({
      user: { id: user.id, name: user.name, email: user.email, role: 'Family-Member', language: null },
    });
    expect(preloads(res.body).sort()).toEqual(
      [
        '/assets/Box-B.js',
        '/assets/role-layout-D.js',
        '/assets/Menu-E.js',
        '/assets/family-home-page-G.js',
        '/assets/family.api-H.js',
        '/assets/en-J.js',
      ].sort(),
    );
    expect(stylesheets(res.body)).toEqual(['/assets/role-layout-F.css']);
    // The additions go in the head, before the page's body.
    expect(res.body.indexOf(SESSION_SCRIPT_ID)).toBeLessThan(res.body.indexOf('</head>'));
  });

  it("names the texts of the account's language, else of the browser's first one the app has, else English", async () => {
    const family = await createUser(t.db, { role: 'Family-Member' });
    const cookie = await sessionCookie(t.db, family.id);
    const texts = async (acceptLanguage?: string) => {
      const res = await t.request('GET', '/family-member', {
        cookie,
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
      return preloads(res.body).filter((f) => /\/(en|hi|de)-/.test(f!));
    };
    expect(await texts()).toEqual(['/assets/en-J.js']);
    expect(await texts('hi-IN,hi;q=0.9,en;q=0.8')).toEqual(['/assets/hi-K.js']);
    expect(await texts('ta-IN, de;q=0.5, hi;q=0.7')).toEqual(['/assets/hi-K.js']);
    expect(await texts('ta-IN, ja')).toEqual(['/assets/en-J.js']);
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, family.id));
    expect(await texts('hi-IN')).toEqual(['/assets/de-L.js']);
  });

  it("names no screen of another role's home, nor of a path that is no first screen, nor for a signed-out visitor", async () => {
    const user = await createUser(t.db, { role: 'Family-Member' });
    const cookie = await sessionCookie(t.db, user.id);
    for (const url of ['/lawyer', '/profile', '/', '/constructor', '/__proto__']) {
      const res = await t.request('GET', url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual(['/assets/Box-B.js']);
      expect((sessionOf(res.body) as { user: { id: string } }).user.id, url).toBe(user.id);
    }
    const signedOut = await t.request('GET', '/family-member');
    expect(preloads(signedOut.body)).toEqual(['/assets/Box-B.js']);
    expect(sessionOf(signedOut.body)).toEqual({ user: null });
  });

  it('carries no user for an unknown or ended session', async () => {
    const user = await createUser(t.db, { role: 'Lawyer' });
    const cookie = await sessionCookie(t.db, user.id);
    await t.request('POST', '/api/auth/signout', { cookie });
    for (const c of [cookie, 'rihaai_session=nonsense', `rihaai_session=${'x'.repeat(500)}`]) {
      const res = await t.request('GET', '/lawyer', { cookie: c });
      expect(sessionOf(res.body)).toEqual({ user: null });
      expect(preloads(res.body)).toEqual(['/assets/Box-B.js']);
    }
  });

  it('keeps a name that looks like markup inside the JSON block, where it reads back unchanged', async () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028';
    const user = await createUser(t.db, { role: 'Lawyer', name });
    const res = await t.request('GET', '/lawyer', { cookie: await sessionCookie(t.db, user.id) });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!--');
    expect((sessionOf(res.body) as { user: { name: string } }).user.name).toBe(name);
  });

  it('still sends the app, without a session, when the session cannot be looked up', async () => {
    const user = await createUser(t.db, { role: 'Family-Member' });
    const cookie = await sessionCookie(t.db, user.id);
    const db = t.app.deps.db as unknown as { select: unknown };
    const select = db.select;
    db.select = () => {
      throw new Error('database away');
    };
    try {
      const res = await t.request('GET', '/family-member', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain(SESSION_SCRIPT_ID);
      expect(preloads(res.body)).toEqual(['/assets/Box-B.js']);
    } finally {
      db.select = select;
    }
  });

  it('still answers 404 in JSON for unknown API addresses and other methods', async () => {
    expect((await t.request('GET', '/api/nope')).statusCode).toBe(404);
    expect((await t.request('POST', '/family-member')).statusCode).toBe(404);
  });
});

describe("the first screen's API answers in the page", () => {
  it("carries a registered family member's registration exactly as their own GET answers it", async () => {
    const { user } = await createFamilyMember(t.db, { name: 'Asha </script> Devi' });
    const cookie = await sessionCookie(t.db, user.id);
    const res = await t.request('GET', '/family-member', { cookie });
    const api = await t.request('GET', '/api/family/registration', { cookie });
    expect(api.statusCode).toBe(200);
    expect(answersOf(res.body)).toEqual({ '/api/family/registration': { status: 200, body: api.json() } });
  });

  it("carries the API's own refusal for a family member who has not registered", async () => {
    const user = await createUser(t.db, { role: 'Family-Member' });
    const res = await t.request('GET', '/family-member', { cookie: await sessionCookie(t.db, user.id) });
    const answer = answersOf(res.body)?.['/api/family/registration'];
    expect(answer?.status).toBe(404);
    expect(answer?.body).toMatchObject({ error: { code: 'not_registered' } });
  });

  it("carries none for another role's home, a signed-out visitor or a screen that waits for none", async () => {
    const lawyer = await createUser(t.db, { role: 'Lawyer' });
    const jail = await createUser(t.db, { role: 'Jail-Authority' });
    expect(answersOf((await t.request('GET', '/family-member', { cookie: await sessionCookie(t.db, lawyer.id) })).body)).toBeUndefined();
    expect(answersOf((await t.request('GET', '/family-member')).body)).toBeUndefined();
    expect(answersOf((await t.request('GET', '/jail-authority', { cookie: await sessionCookie(t.db, jail.id) })).body)).toBeUndefined();
  });
});

describe('the first screens the server names', () => {
  it('are client modules that exist', () => {
    for (const module of [SIGNED_IN_FRAME_MODULE, ...Object.values(FIRST_SCREENS).map((s) => s.module)]) {
      expect(fs.existsSync(path.join('src/client', module)), module).toBe(true);
    }
  });

  it("read only GET routes their screen's role may call", () => {
    for (const { role, data } of Object.values(FIRST_SCREENS)) {
      for (const url of data) {
        const roles = t.app.routeRoles.get(`GET ${url}`);
        expect(roles === 'signed-in' || (Array.isArray(roles) && roles.includes(role)), `${role} GET ${url}: ${String(roles)}`).toBe(true);
      }
    }
  });
});
