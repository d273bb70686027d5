// Fastify type augmentation shared by every plugin and feature.
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/accounts.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PaperStore } from './lib/paper-store.ts';
import type { AuthChanges, SessionCache } from './plugins/session-cache.ts';

/** Who may call a route: anyone, any signed-in user, or the listed roles. */
export type RouteRoles = 'public' | 'signed-in' | readonly Role[];

export interface AppDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  /** Where stored papers' bytes live: their rows (PostgreSQL) or files beside the embedded database. */
  papers: PaperStore;
  /**
   * The database's notices of session changes: given, reads reuse a session check for a moment
   * (plugins/session-cache.ts); absent, every request checks the database.
   */
  authChanges?: AuthChanges;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    roles?: RouteRoles;
    /** Callable by a session that has not passed its second factor yet (the second factor's own routes). */
    beforeSecondFactor?: boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** Every /api route and who may call it, as declared (filled by plugins/route-guard.ts). */
    routeRoles: Map<string, RouteRoles>;
    sessionCache: SessionCache;
  }
}
