// buildApp: the whole server as a function, so tests boot it in-process with app.inject().
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './types.ts';
import { authPlugin } from './plugins/auth.ts';
import { installRouteGuard } from './plugins/route-guard.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { safeLogSerializers } from './lib/log-safety.ts';
import { securityPlugin } from './plugins/security.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { spaPlugin } from './plugins/spa.ts';
import { accessLogPlugin } from './plugins/access-log.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { secondFactorRoutes } from './features/second-factor/second-factor.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { familyRoutes } from './features/family/family.routes.ts';
import { myDataRoutes } from './features/my-data/my-data.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { passwordsRoutes } from './features/passwords/passwords.routes.ts';
import { lawyersRoutes } from './features/lawyers/lawyers.routes.ts';
import { lawyerVerificationRoutes } from './features/lawyer-verification/lawyer-verification.routes.ts';
import { jailRoutes } from './features/jail/jail.routes.ts';
import { ngosRoutes } from './features/ngos/ngos.routes.ts';
import { casesRoutes } from './features/cases/cases.routes.ts';
import { deadlinesRoutes } from './features/deadlines/deadlines.routes.ts';
import { bailPapersRoutes } from './features/deadlines/bail-papers.routes.ts';
import { prisonsRoutes } from './features/prisons/prisons.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.ts';
import { accessLogRoutes } from './features/access-log/access-log.routes.ts';
import { legalAidRoutes } from './features/legal-aid/legal-aid.routes.ts';
import { multipartPlugin } from './lib/documents.ts';

export interface BuildAppOptions extends AppDeps {
  /** true: the production logger (JSON to stdout, or to logStream). */
  logger?: FastifyServerOptions['logger'];
  logStream?: { write(line: string): void };
}

export async function buildApp({ logger = false, logStream, ...deps }: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger:
      logger === true
        ? {
            level: env.LOG_LEVEL,
            // Never log credentials: cookies and auth headers are redacted; bodies are not logged;
            // errors are logged without SQL parameters or PostgreSQL's row details (log-safety.ts).
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: safeLogSerializers,
            ...(logStream ? { stream: logStream } : {}),
          }
        : logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // Slow clients cannot hold connections open for ever: the whole request, its headers,
    // and silence on a connection each have a limit (README "Deploying").
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(2_000, env.HEADERS_TIMEOUT_MS),
    },
    // Shutdown is answered by lifecyclePlugin, in our error shape.
    return503OnClosing: false,
    // A malformed percent-encoded URL is answered in our shape, not Fastify's.
    frameworkErrors: frameworkErrorHandler,
    // A body or headers too slow to arrive (408), headers too large (431), bytes that are not HTTP
    // (400): answered by Node before routing, in our shape too.
    clientErrorHandler,
  });
  app.decorate('deps', deps);
  // First, before any plugin can add a route: an /api route without declared roles fails start-up.
  installRouteGuard(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON routes accept JSON only (uploads register multipart themselves): a plain-text
  // "simple request" from another site gets 415 before it reaches a handler.
  app.removeContentTypeParser(['text/plain']);

  // In this order: errors and lifecycle first, then cookies, security and auth before any route; the
  // access log's hook after auth (it reads the user).
  for (const plugin of [
    errorsPlugin,
    lifecyclePlugin,
    cookie,
    securityPlugin,
    authPlugin,
    accessLogPlugin,
    openapiPlugin,
    multipartPlugin,
  ]) {
    await app.register(plugin);
  }

  // Features, registered by hand (docs/style.md#rules-of-thumb rule 4): one list, read top to bottom.
  const features = [
    healthRoutes,
    accountsRoutes,
    secondFactorRoutes,
    documentsRoutes,
    contactRoutes,
    profileRoutes,
    passwordsRoutes,
    lawyersRoutes,
    lawyerVerificationRoutes,
    familyRoutes,
    myDataRoutes,
    jailRoutes,
    ngosRoutes,
    casesRoutes,
    deadlinesRoutes,
    bailPapersRoutes,
    prisonsRoutes,
    notificationsRoutes,
    accessLogRoutes,
    legalAidRoutes,
  ];
  for (const routes of features) await app.register(routes);
  // Development only: the queued emails at /dev/mail (docs/decisions/0039-dev-mailbox.md).
  if (env.DEV_MAILBOX) await app.register(devMailboxRoutes);

  await app.register(spaPlugin);
  return app;
}
