// BENCH_TRACE=<file> (bench/server.ts): what happened when an answer was slow. Records answers over
// 1 s in the server (from the parsed request to the answer handed to the kernel), garbage-collection pauses over 50 ms, stalls of the event loop over 200 ms
// (PGlite runs each statement synchronously on it), and, once a second on PGlite, the checkpoint
// counters; writes them as JSON lines when the server stops. For finding causes, not for the table.
import fs from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

type Sample = (() => Promise<Record<string, unknown> | undefined>) | undefined;

export function startTrace(app: FastifyInstance, file: string, sampleDb: Sample): () => void {
  const events: Record<string, unknown>[] = [];
  const at = () => new Date().toISOString();
  // Timed from the moment Node has parsed the request (before any of the app's onRequest hooks, which
  // include the session's statement) to the moment its answer is handed to the kernel; and, apart,
  // from the app's hooks on (what a hook added here sees), so a slow answer shows where it waited.
  const arrived = new WeakMap<object, number>();
  const hooked = new WeakMap<object, number>();
  app.server.prependListener('request', (raw: object) => {
    arrived.set(raw, performance.now());
  });
  app.addHook('onRequest', async (req) => {
    hooked.set(req, performance.now());
  });
  // Every answer's wall-clock times by the client's port (arrived, hooks reached, handed to the kernel),
  // and every new connection, so bench/trace-match.ts can place each answer the client saw as slow.
  const wall = (t: number) => Math.round((performance.timeOrigin + t) * 10) / 10;
  const answers: string[] = [];
  app.server.on('connection', (socket: { remotePort?: number }) => {
    events.push({ kind: 'connection', wall: wall(performance.now()), port: socket.remotePort });
  });
  app.addHook('onResponse', async (req) => {
    const t0 = arrived.get(req.raw);
    if (t0 === undefined) return;
    const now = performance.now();
    answers.push(`${req.raw.socket.remotePort} ${wall(t0)} ${wall(hooked.get(req) ?? t0)} ${wall(now)}`);
    const ms = now - t0;
    const t1 = hooked.get(req);
    if (ms > 1000)
      events.push({
        at: at(),
        kind: 'slow-answer',
        ms: Math.round(ms),
        beforeLastHookMs: t1 === undefined ? null : Math.round(t1 - t0),
        url: req.url.slice(0, 80),
      });
  });
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > 50)
        events.push({
          at: at(),
          kind: 'gc',
          ms: Math.round(e.duration),
          gcKind: (e as unknown as { detail?: { kind?: number } }).detail?.kind,
        });
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    if (now - last > 300) events.push({ at: at(), kind: 'event-loop-stall', ms: Math.round(now - last - 100) });
    last = now;
  }, 100);
  let previous = '';
  const sampler = setInterval(() => {
    void sampleDb?.().then((s) => {
      const key = JSON.stringify(s);
      if (s && key !== previous) events.push({ at: at(), kind: 'db', ...s });
      previous = key;
    });
  }, 1000);
  return () => {
    clearInterval(tick);
    clearInterval(sampler);
    gc.disconnect();
    fs.writeFileSync(file, events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    fs.writeFileSync(`${file}.answers`, answers.join('\n') + '\n');
  };
}
