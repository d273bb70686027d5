// Deny by default: every /api route must declare who may call it (`config.roles`). A route that
// does not is a programming error, so registering it throws and the server does not start.
// buildApp installs this before any plugin or feature, so no route is registered before it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  admin: { roles: ['State-Administrator'] },
  dlsa: { roles: ['DLSA'] },
  /** Who reads the prisons' list: the jail, the DLSA and the administrator. */
  prisonReaders: { roles: ['Jail-Authority', 'DLSA', 'State-Administrator'] },
  /** Who searches prisoners by name: the jail (its prison) and the DLSA (its district). */
  jailOrDlsa: { roles: ['Jail-Authority', 'DLSA'] },
  /** Who verifies lawyers' Bar Council enrolments: the administrator, and a jail authority for its district. */
  lawyerVerifiers: { roles: ['Jail-Authority', 'State-Administrator'] },
} as const satisfies Record<string, { roles: RouteRoles }>;

/** The API documentation (served by @fastify/swagger-ui) is public like the document it shows. */
const isApiDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * Whether the request matched an /api route. Decided by the route the router matched (its declared
 * URL pattern), never by the raw URL: the router decodes the path (`/%61pi/…` is `/api/…`), so a
 * test of `req.url` would let a spelling skip the session, role, CSRF and cache checks.
 */
export function isApiRoute(req: FastifyRequest): boolean {
  return !req.is404 && (req.routeOptions.url ?? '').startsWith('/api');
}

/** The request's path as the router reads it (percent-decoded); the raw path when it cannot be decoded. */
export function decodedPath(req: FastifyRequest): string {
  const raw = req.url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

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
    if (!isApiRoute(req)) return;
    if (req.routeOptions.config?.roles === undefined) throw forbidden();
  });
}
