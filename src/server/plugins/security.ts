// Security headers and cross-site request refusal.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { findUnsafeInput, stripBidiControlsDeep, UNSAFE_TEXT_MESSAGE } from '#shared/text.ts';
import { AppError, invalid } from '../lib/errors.ts';
import { decodedPath, isApiRoute } from './route-guard.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const publicUrl = new URL(app.deps.env.PUBLIC_URL);
  const https = publicUrl.protocol === 'https:';
  // Helmet's middleware, built once: @fastify/helmet built it again on every request (its
  // directives parsed anew each time, 3 % of a list's server time on the bench).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        // Over plain HTTP this directive blanks the page (docs/stack.md).
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });

  // A cookie session must not be ridden by another site: refuse state-changing requests whose
  // Sec-Fetch-Site or Origin says they come from elsewhere.
  // Every state-changing request is checked, whatever its path: no spelling of a URL escapes it.
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      throw new AppError(403, 'cross_site', 'Cross-site requests are not allowed.');
    }
    const origin = req.headers.origin;
    if (typeof origin === 'string' && origin !== 'null') {
      const host = req.headers.host;
      const allowed = origin === publicUrl.origin || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
      if (!allowed) throw new AppError(403, 'cross_site', 'Cross-site requests are not allowed.');
    } else if (origin === 'null') {
      throw new AppError(403, 'cross_site', 'Cross-site requests are not allowed.');
    }
  });

  // Answers about a person must not be kept by a browser or a shared proxy cache.
  // Decided by the matched route (or, for no route, the decoded path), never the raw URL.
  app.addHook('onSend', async (req, reply) => {
    if (isApiRoute(req) || (req.is404 && decodedPath(req).startsWith('/api'))) reply.header('cache-control', 'no-store');
  });

  // One check for every string of every request: NUL and lone surrogates are refused
  // with 400 before validation, so no handler or SQL statement ever sees them.
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const problem = findUnsafeInput(value);
      if (!problem) continue;
      const message = problem.problem === 'too_deep' ? 'The request is nested too deeply.' : UNSAFE_TEXT_MESSAGE;
      const path = problem.path || where;
      throw invalid(`${path}: ${message}`, [{ path, message }]);
    }
    // Bidi overrides never reach a stored name, a printed application or an email (decision 0033, probe defect 7).
    if (typeof req.params === 'object' && req.params !== null) stripBidiControlsDeep(req.params);
    if (typeof req.query === 'object' && req.query !== null) stripBidiControlsDeep(req.query);
    if (typeof req.body === 'object' && req.body !== null) stripBidiControlsDeep(req.body);
  });
});
