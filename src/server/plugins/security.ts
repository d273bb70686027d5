// Security headers and cross-site request refusal (issue 2, item 5).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { AppError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const publicUrl = new URL(app.deps.env.PUBLIC_URL);
  const https = publicUrl.protocol === 'https:';
  await app.register(helmet, {
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
        // Over plain HTTP this directive blanks the page (STACK.md).
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // A cookie session must not be ridden by another site: refuse state-changing requests whose
  // Sec-Fetch-Site or Origin says they come from elsewhere.
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api')) return;
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
});
