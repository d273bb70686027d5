// Deny by default: every /api route must declare who may call it (`config.roles`). A route that
// does not is a programming error, so registering it throws and the server does not start.
// buildApp installs this before any plugin or feature, so no route is registered before it.
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors.ts';
import type { RouteRoles } from '../types.ts';

/**
 * Who may call a route, named once: every feature declares `config: access.jail` (and so on)
 * instead of spelling the role list again.
 */
export const access = {
  public: { roles: 'public' },
  signedIn: { roles: 'signed-in' },
  family: { roles: ['Family-Member'] },
  lawyer: { roles: ['Lawyer'] },
  jail: { roles: ['Jail-Authority'] },
  lawyerOrJail: { roles: ['Lawyer', 'Jail-Authority'] },
  anyRole: { roles: ['Family-Member', 'Lawyer', 'Jail-Authority'] },
} as const satisfies Record<string, { roles: RouteRoles }>;

/** The API documentation (served by @fastify/swagger-ui) is public like the document it shows. */
const isApiDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export class UndeclaredRouteError extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} declares no config.roles: every /api route must say who may call it.`);
    this.name = 'UndeclaredRouteError';
  }
}

/** Installs the onRoute check and the `routeRoles` registry; call it first on a new instance. */
export function installRouteGuard(app: FastifyInstance): void {
  app.decorate('routeRoles', new Map<string, RouteRoles>());

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let roles: RouteRoles | undefined = route.config?.roles;
    if (roles === undefined && isApiDocs(route.url)) {
      roles = 'public';
      route.config = { ...(route.config ?? {}), roles };
    }
    if (roles === undefined) throw new UndeclaredRouteError(methods.join(','), route.url);
    for (const m of methods) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      app.routeRoles.set(`${m} ${route.url}`, roles);
    }
  });

  // Second line: a matched /api route that somehow carries no roles is refused, never served.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api') || req.is404) return;
    if (req.routeOptions.config?.roles === undefined) throw forbidden();
  });
}
