// The page a direct visit gets: the visitor's session in a JSON block, and, for a signed-in person's
// first screen, that screen's chunks named in its head (src/server/lib/first-screen.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_ID,
  FIRST_SCREEN_NAME,
  FIRST_SCREENS,
  LANGUAGE_COOKIE,
  PAGE_ANSWERS_SCRIPT_ID,
  SESSION_SCRIPT_ID,
  SIGNED_IN_FRAME_MODULE,
} from '#shared/first-screens.ts';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { createFamilyMember, createLawyer, createUser, sessionCookie } from './factories.ts';
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
// The homes as the build draws them (vite.config.ts → .vite/first-screens.json), shaped as it writes them.
const WELCOME: Record<string, string> = { en: 'Welcome', es: 'Bienvenido', fr: 'Bienvenue', de: 'Willkommen' };
const drawnHome = (path: string, lang: string) => `<main data-home="${path}"><h1>${WELCOME[lang]}, ${FIRST_SCREEN_NAME}</h1></main>`;
fs.writeFileSync(
  path.join(staticDir, '.vite', 'first-screens.json'),
  JSON.stringify(
    Object.fromEntries(
      ['/family-member', '/lawyer', '/jail-authority'].map((p) => [
        p,
        Object.fromEntries(Object.keys(WELCOME).map((l) => [l, drawnHome(p, l)])),
      ]),
    ),
  ),
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
    expect(await texts('ml-IN, de;q=0.5, hi;q=0.7')).toEqual(['/assets/hi-K.js']);
    expect(await texts('ml-IN, ja')).toEqual(['/assets/en-J.js']);
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
    // The driver itself fails (PGlite's client or the pg pool), as when the database is away.
    const client = (t.app.deps.db as unknown as { $client: { query: unknown } }).$client;
    const query = client.query;
    client.query = () => Promise.reject(new Error('database away'));
    try {
      const res = await t.request('GET', '/family-member', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain(SESSION_SCRIPT_ID);
      expect(preloads(res.body)).toEqual(['/assets/Box-B.js']);
    } finally {
      client.query = query;
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

/** The home drawn in the page, its language and where it sits; undefined when there is none. */
function drawnOf(html: string): { lang: string; body: string } | undefined {
  const m = new RegExp(`<div id="${FIRST_SCREEN_ID}" data-lang="([a-z]+)">(.*?)</div>\\s*<div id="root">`, 's').exec(html);
  return m ? { lang: m[1]!, body: m[2]! } : undefined;
}

describe('the home drawn in the page', () => {
  async function registered(role: 'Family-Member' | 'Lawyer' | 'Jail-Authority', name: string) {
    if (role === 'Family-Member') return (await createFamilyMember(t.db, { name })).user;
    if (role === 'Lawyer') return (await createLawyer(t.db, { name })).user;
    return createUser(t.db, { role, name });
  }

  for (const [role, home] of [
    ['Family-Member', '/family-member'],
    ['Lawyer', '/lawyer'],
    ['Jail-Authority', '/jail-authority'],
  ] as const) {
    it(`carries the ${role} home in the account's language with their name, before the app's root, which it hides`, async () => {
      const user = await registered(role, 'Ravi Kumar');
      await t.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
      const res = await t.request('GET', home, { cookie: await sessionCookie(t.db, user.id), headers: { 'accept-language': 'fr' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(drawnOf(res.body)).toEqual({ lang: 'de', body: `<main data-home="${home}"><h1>Willkommen, Ravi Kumar</h1></main>` });
      expect(res.body).toMatch(/^<!doctype html>\n<html lang="de">/);
      expect(res.body.slice(0, res.body.indexOf('</head>'))).toContain(`<style>#${FIRST_SCREEN_ID} ~ #root { display: none; }</style>`);
      // It paints with its stylesheets; its chunks are left to the app's code, off the first paint's network.
      expect(stylesheets(res.body)).toEqual(['/assets/role-layout-F.css']);
      expect(preloads(res.body)).toEqual(['/assets/Box-B.js']);
      // The app's code starts once the drawn home has painted.
      expect(res.body).toContain('<script type="module" src="/after-paint.js" data-rihaai-entry="/assets/index-A.js"></script>');
      expect(res.body).not.toContain('src="/assets/index-A.js"');
      // Still the session the app starts from.
      expect((sessionOf(res.body) as { user: { id: string } }).user.id).toBe(user.id);
    });
  }

  it("draws it in the browser's kept choice over the account's, in the browser's language when neither has one, else English", async () => {
    const user = await createUser(t.db, { role: 'Jail-Authority', name: 'Meena' });
    const session = await sessionCookie(t.db, user.id);
    const lang = async (cookie: string, acceptLanguage?: string) =>
      drawnOf(
        (await t.request('GET', '/jail-authority', { cookie, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })).body,
      )?.lang;
    expect(await lang(session)).toBe('en');
    expect(await lang(session, 'ml-IN, es;q=0.8')).toBe('es');
    expect(await lang(`${session}; ${LANGUAGE_COOKIE}=fr`, 'es')).toBe('fr');
    // A cookie that names no language is no choice.
    expect(await lang(`${session}; ${LANGUAGE_COOKIE}=xx`, 'es')).toBe('es');
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    expect(await lang(session, 'es')).toBe('de');
    expect(await lang(`${session}; ${LANGUAGE_COOKIE}=en`, 'es')).toBe('en');
  });

  it('draws none in Hindi (its font comes first, decision 0014), for an unregistered family member or lawyer, another role, another path or no session', async () => {
    const jail = await createUser(t.db, { role: 'Jail-Authority' });
    const jailCookie = await sessionCookie(t.db, jail.id);
    expect(drawnOf((await t.request('GET', '/jail-authority', { cookie: `${jailCookie}; ${LANGUAGE_COOKIE}=hi` })).body)).toBeUndefined();
    expect(
      drawnOf((await t.request('GET', '/jail-authority', { cookie: jailCookie, headers: { 'accept-language': 'hi-IN' } })).body),
    ).toBeUndefined();
    // Its page loads the app's code as any other page does.
    expect((await t.request('GET', '/jail-authority', { cookie: `${jailCookie}; ${LANGUAGE_COOKIE}=hi` })).body).toContain(
      '<script type="module" crossorigin src="/assets/index-A.js"></script>',
    );
    // Sanity: the same visit in English is drawn.
    expect(drawnOf((await t.request('GET', '/jail-authority', { cookie: jailCookie })).body)).toBeDefined();
    for (const url of ['/family-member', '/lawyer', '/profile', '/', '/dashboard']) {
      const res = await t.request('GET', url, { cookie: jailCookie });
      expect(drawnOf(res.body), url).toBeUndefined();
      expect(res.body, url).not.toContain(FIRST_SCREEN_ID);
    }
    for (const role of ['Family-Member', 'Lawyer'] as const) {
      const unregistered = await createUser(t.db, { role });
      const res = await t.request('GET', role === 'Lawyer' ? '/lawyer' : '/family-member', {
        cookie: await sessionCookie(t.db, unregistered.id),
      });
      expect(res.body, role).not.toContain(FIRST_SCREEN_ID);
    }
    const signedOut = await t.request('GET', '/jail-authority');
    expect(signedOut.body).not.toContain(FIRST_SCREEN_ID);
    expect(signedOut.body).toMatch(/<html lang="en">/);
  });

  it('puts the name in as text: markup in it stays text, and the session block still reads it back', async () => {
    const name = `</div><script>alert(1)</script><img src=x onerror=alert(2)> & "Ravi" O'Neil ${FIRST_SCREEN_NAME}`;
    const user = await createUser(t.db, { role: 'Jail-Authority', name });
    const res = await t.request('GET', '/jail-authority', { cookie: await sessionCookie(t.db, user.id) });
    expect(drawnOf(res.body)?.body).toBe(
      `<main data-home="/jail-authority"><h1>Welcome, &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &quot;Ravi&quot; O&#39;Neil ${FIRST_SCREEN_NAME}</h1></main>`,
    );
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect((sessionOf(res.body) as { user: { name: string } }).user.name).toBe(name);
  });
});
