// Serves the built React app and falls back to index.html for client routes (docs/stack.md). The page
// carries the visitor's session and, for a signed-in first screen, its chunks (lib/first-screen.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_COOKIE } from '#shared/first-screens.ts';
import { firstScreenOf, pageFor, type DrawnScreens, type PageAnswer, type ViteManifest } from '../lib/first-screen.ts';
import { findSessionUser, SESSION_COOKIE } from './auth.ts';
import { decodedPath } from './route-guard.ts';

export const spaPlugin = fp(async (app: FastifyInstance) => {
  const root = path.resolve(app.deps.env.STATIC_DIR);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  let indexHtml = '';
  let manifest: ViteManifest = {};
  let drawn: DrawnScreens = {};
  if (hasBuild) {
    indexHtml = fs.readFileSync(indexFile, 'utf8');
    const manifestFile = path.join(root, '.vite', 'manifest.json');
    // A build without a manifest still serves; its first screens load as before, one step later.
    if (fs.existsSync(manifestFile)) manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
    // The role homes drawn at build time (vite.config.ts); without them the app draws them as before.
    const drawnFile = path.join(root, '.vite', 'first-screens.json');
    if (fs.existsSync(drawnFile)) drawn = JSON.parse(fs.readFileSync(drawnFile, 'utf8')) as DrawnScreens;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    // /dev/… is the development mailbox's (features/dev-mailbox): where it is off, a plain 404, not the app.
    if (underApiOrDev(decodedPath(req)) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'not_found', message: 'No such address.' } });
    }
    if (!hasBuild) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run npm run build.');
    }
    // With the database away the app still loads: the page then carries no session and the app asks
    // the API itself, which answers 503 in its usual shape.
    let found: Awaited<ReturnType<typeof findSessionUser>> | null = null;
    try {
      found = await findSessionUser(app.deps.db, req.cookies[SESSION_COOKIE], app.deps.env.SESSION_IDLE_MINUTES, app.sessionCache);
    } catch (err) {
      req.log.warn({ err }, 'session lookup for the page failed');
    }
    const pathname = new URL(req.url, 'http://x').pathname;
    // The reads the screen waits for, answered through the API itself (its session, access checks and
    // response schema), as the browser's own GET would be a moment later. A failure leaves it to the browser.
    const answers: Record<string, PageAnswer> = {};
    for (const url of firstScreenOf(pathname, found?.user ?? null)?.data ?? []) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: req.headers.cookie ?? '', 'sec-fetch-site': 'same-origin' } });
      if (res.statusCode < 500 && res.headers['content-type']?.toString().startsWith('application/json')) {
        answers[url] = { status: res.statusCode, body: res.json() };
      }
    }
    // The page holds this visitor's session: no cache may keep it or hand it to someone else.
    return reply
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(
        pageFor(
          indexHtml,
          manifest,
          pathname,
          found === null ? undefined : (found?.user ?? null),
          answers,
          req.headers['accept-language'],
          req.cookies[LANGUAGE_COOKIE],
          drawn,
        ),
      );
  });
});

/**
 * Whether an address the router did not match is under /api or /dev as a lenient reader (a proxy, another
 * server) might read it: any case, doubled slashes, `;` parameters, dot segments. Such an address gets the
 * API's JSON 404, never the app's page with a 200 (tests/route-spellings.test.ts sends each spelling).
 */
export function underApiOrDev(decoded: string): boolean {
  let p = decoded
    .toLowerCase()
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/');
  try {
    p = new URL(p, 'http://x').pathname;
  } catch {
    // Not a path a URL can hold: judged as written.
  }
  return /^\/(api|dev)(\/|$)/.test(p);
}
