// buildApp: the whole server as a function, so tests boot it in-process with app.inject().
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './types.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { spaPlugin } from './plugins/spa.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { familyRoutes } from './features/family/family.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { passwordsRoutes } from './features/passwords/passwords.routes.ts';
import { lawyersRoutes } from './features/lawyers/lawyers.routes.ts';
import { jailRoutes } from './features/jail/jail.routes.ts';
import { ngosRoutes } from './features/ngos/ngos.routes.ts';
import { multipartPlugin } from './lib/documents.ts';

export interface BuildAppOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ logger = false, ...deps }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === true
        ? {
            level: deps.env.LOG_LEVEL,
            // Never log credentials: cookies and auth headers are redacted; bodies are not logged.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          }
        : logger,
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
  });
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON routes accept JSON only (uploads register multipart themselves): a plain-text
  // "simple request" from another site gets 415 before it reaches a handler.
  app.removeContentTypeParser(['text/plain']);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  await app.register(multipartPlugin);

  // Features, registered by hand (STYLE rule 4).
  await app.register(healthRoutes);
  await app.register(accountsRoutes);
  await app.register(documentsRoutes);
  await app.register(contactRoutes);
  await app.register(profileRoutes);
  await app.register(passwordsRoutes);
  await app.register(lawyersRoutes);
  await app.register(familyRoutes);
  await app.register(jailRoutes);
  await app.register(ngosRoutes);

  await app.register(spaPlugin);
  return app;
}
