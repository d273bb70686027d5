// Graceful shutdown: on SIGTERM the server keeps listening for a short grace period and
// answers every new request 503 in our shape with Connection: close — a client whose request was
// already queued gets an answer instead of a connection reset, and a load balancer sees /api/ready
// fail — then it waits for the requests under way and closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '#shared/errors.ts';

export interface Lifecycle {
  draining: boolean;
  inFlight: number;
  /** Resolves when no request is under way. */
  waitIdle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

const DRAINING_BODY: ErrorBody = {
  error: { code: 'unavailable', message: 'The server is restarting. Please try again in a moment.' },
};

export const lifecyclePlugin = fp(async (app: FastifyInstance) => {
  let idle: (() => void) | undefined;
  const state: Lifecycle = {
    draining: false,
    inFlight: 0,
    waitIdle: () => (state.inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve))),
  };
  app.decorate('lifecycle', state);
  app.addHook('onRequest', async (req, reply) => {
    if (state.draining) {
      return reply.status(503).header('connection', 'close').header('retry-after', '5').send(DRAINING_BODY);
    }
    state.inFlight++;
    (req as { counted?: boolean }).counted = true;
  });
  const done = async (req: object) => {
    const r = req as { counted?: boolean };
    if (!r.counted) return;
    r.counted = false;
    state.inFlight--;
    if (state.inFlight === 0) idle?.();
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
});

/**
 * Drain, then close: new requests get 503 for `graceMs`, then requests under way finish, then the
 * listener closes (Fastify closes idle keep-alive connections).
 */
export async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<void> {
  app.lifecycle.draining = true;
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  await app.lifecycle.waitIdle();
  await app.close();
}
