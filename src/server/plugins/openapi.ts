// The OpenAPI document, generated from the zod schemas; every operation carries `x-roles`
// from the same declaration the guard enforces (docs/design.md#4-interfaces).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteRoles } from '../types.ts';
import { ROLES } from '#shared/constants.ts';
import { access } from './route-guard.ts';

function rolesList(roles: RouteRoles): string[] {
  if (roles === 'public') return ['public'];
  if (roles === 'signed-in') return [...ROLES];
  return [...roles];
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rihaai API', version: '1.0.0', description: 'Legal aid for undertrial prisoners and their families.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rihaai_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { url: '/api/openapi.json' } });

  let cached: unknown;
  app.get('/api/openapi.json', { config: access.public, schema: { hide: true } }, async () => {
    if (cached) return cached;
    const doc = app.swagger() as { paths?: Record<string, Record<string, Record<string, unknown>>> };
    const paths: Record<string, Record<string, Record<string, unknown>>> = {};
    for (const [key, roles] of app.routeRoles) {
      const [method = '', url = ''] = key.split(' ');
      if (url.startsWith('/api/docs') || url === '/api/openapi.json') continue;
      const p = toOpenApiPath(url);
      const op = doc.paths?.[p]?.[method.toLowerCase()] ?? { responses: {} };
      paths[p] ??= {};
      paths[p][method.toLowerCase()] = { ...op, 'x-roles': rolesList(roles) };
    }
    cached = { ...doc, paths };
    return cached;
  });
});
