// Upload quotas and concurrency. Every upload route calls admitUpload before it
// reads the body and reserveUploadBytes in the transaction that stores the file:
// - at most UPLOAD_CONCURRENT_PER_USER uploads per account and UPLOAD_CONCURRENT_PER_PROCESS per
//   process are read at once (a file is spooled to a temporary file as it arrives and read back only
//   while it is stored, one at a time behind the quota lock; the cap bounds the open connections,
//   temporary files and disk writes: uploads over it wait for no one and get 429);
// - a slot is held only while its upload makes progress: once UPLOAD_RATE_GRACE_SECONDS have passed,
//   an upload that brought fewer than UPLOAD_MIN_BYTES_PER_SECOND over the last
//   UPLOAD_RATE_WINDOW_SECONDS is stopped with 408 and its slot freed at once, so a few senders
//   trickling bytes on purpose cannot keep every other account's uploads out;
// - stored bytes are counted per uploader and for the deployment in `upload_usage`, reserved by a
//   conditional upsert in the storing transaction, so racing uploads never pass a quota.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import { uploadUsage } from '../db/schema.ts';
import { preparedSql } from '../db/prepared.ts';
import { AppError } from './errors.ts';

const MIB = 1024 * 1024;
const DEPLOYMENT = 'deployment';
const userScope = (userId: string) => `user:${userId}`;

export const UPLOAD_ERRORS = {
  tooMany: 'Too many uploads at the same time. Please wait for the others to finish and try again.',
  tooSlow: 'The file arrived too slowly and the upload was stopped. Please try again, on a faster connection if you can.',
  quota: 'You have reached your upload limit. Please contact support if you need to upload more.',
  full: 'Rihaai has no storage space left for new files right now. Please try again later or contact support.',
} as const;

const quotaExceeded = () => new AppError(413, 'upload_quota_exceeded', UPLOAD_ERRORS.quota);
/** 507 storage_full: the deployment's quota is used up, or the disk (or the user's disk quota) is full. */
export const storageFull = () => new AppError(507, 'storage_full', UPLOAD_ERRORS.full);
const tooSlow = () => new AppError(408, 'request_timeout', UPLOAD_ERRORS.tooSlow);

/** A write failed because the disk, or the disk quota, is full (somewhere down the error's causes). */
export function isDiskFull(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; cause?: unknown };
    // ENOSPC/EDQUOT from the file system; 53100 (disk_full) from PostgreSQL.
    if (c.code === 'ENOSPC' || c.code === 'EDQUOT' || c.code === '53100') return true;
    cur = c.cause;
  }
  return false;
}

/** Uploads being read or stored in this process, in all and per account. */
let inFlight = 0;
const perUser = new Map<string, number>();

/** How many uploads this process is handling now (tests and metrics). */
export const uploadsInFlight = () => inFlight;

const RELEASE = Symbol('uploadRelease');
const WATCH = Symbol('uploadWatch');
type WithRelease = FastifyRequest & { [RELEASE]?: () => void; [WATCH]?: Watched };

/** An admitted upload whose body is still arriving. */
interface Watched {
  env: Env;
  reply: FastifyReply;
  /** When the server began to read the body (the grace and the window count from there); unset before. */
  startedAt?: number;
  /** Body bytes received so far (receiveDocument reports them). */
  bytes: number;
  /** (time, bytes) every tick, for the last window. */
  samples: { at: number; bytes: number }[];
  controller: AbortController;
  stop(): void;
}

const watched = new Set<Watched>();
const TICK_MS = 250;
let ticker: NodeJS.Timeout | undefined;
let lastTickAt = 0;

function tick() {
  const now = Date.now();
  // A tick that comes late follows a stall of this process (timers run before the pending reads):
  // the bytes the kernel holds for us are not counted yet, so this tick judges no one.
  const late = now - lastTickAt > 2 * TICK_MS;
  lastTickAt = now;
  for (const w of watched) {
    if (w.startedAt === undefined) continue;
    w.samples.push({ at: now, bytes: w.bytes });
    const { UPLOAD_MIN_BYTES_PER_SECOND: min, UPLOAD_RATE_WINDOW_SECONDS: window, UPLOAD_RATE_GRACE_SECONDS: grace } = w.env;
    const windowStart = now - window * 1000;
    // Keep the newest sample at or before the window's start as the reference, and everything after.
    while (w.samples.length > 1 && w.samples[1]!.at <= windowStart) w.samples.shift();
    if (late || min === 0 || now - w.startedAt < grace * 1000) continue;
    const ref = w.samples[0]!.at <= windowStart ? w.samples[0]! : { at: w.startedAt, bytes: 0 };
    const seconds = (now - ref.at) / 1000;
    if (seconds > 0 && (w.bytes - ref.bytes) / seconds < min) {
      // Stopped: the slot is free before the 408 is sent, so the next upload finds room; the
      // connection is closed after the answer rather than left to trickle in the rest.
      w.stop();
      void w.reply.header('connection', 'close');
      w.controller.abort(tooSlow());
    }
  }
}

function unwatch(w: Watched) {
  watched.delete(w);
  if (watched.size === 0 && ticker) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

function watch(req: FastifyRequest, reply: FastifyReply, env: Env, release: () => void): Watched {
  const w: Watched = {
    env,
    reply,
    bytes: 0,
    samples: [],
    controller: new AbortController(),
    stop() {
      unwatch(w);
      release();
    },
  };
  watched.add(w);
  if (!ticker) {
    lastTickAt = Date.now();
    ticker = setInterval(tick, TICK_MS).unref();
  }
  (req as WithRelease)[WATCH] = w;
  return w;
}

/**
 * The server begins to read an admitted upload's body: its rate is watched from now (time spent on our
 * side before, e.g. the quota query, does not count against the sender). Returns the signal aborted
 * (with the 408 to answer as its reason) when the body arrives too slowly; undefined for a request
 * that admitUpload did not admit.
 */
export function startReadingUpload(req: FastifyRequest): AbortSignal | undefined {
  const w = (req as WithRelease)[WATCH];
  if (!w) return undefined;
  w.startedAt ??= Date.now();
  return w.controller.signal;
}

/** Counts `bytes` more of an admitted upload's body as received. */
export function noteUploadProgress(req: FastifyRequest, bytes: number): void {
  const w = (req as WithRelease)[WATCH];
  if (w) w.bytes += bytes;
}

/** The whole body has arrived: the upload is no longer watched for its rate (storing it is our part). */
export function uploadBodyReceived(req: FastifyRequest): void {
  const w = (req as WithRelease)[WATCH];
  if (w) unwatch(w);
}

/**
 * Admits one upload by `userId` before its body is read, or refuses: 429 when too many are under
 * way, 413/507 when the account's or the deployment's quota is already used up. The slot is freed
 * when the response is sent or the client goes away.
 */
export async function admitUpload(db: Db, env: Env, req: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const mine = perUser.get(userId) ?? 0;
  if (inFlight >= env.UPLOAD_CONCURRENT_PER_PROCESS || mine >= env.UPLOAD_CONCURRENT_PER_USER) {
    void reply.header('retry-after', '5');
    throw new AppError(429, 'too_many_uploads', UPLOAD_ERRORS.tooMany);
  }
  inFlight++;
  perUser.set(userId, mine + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    inFlight--;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left > 0) perUser.set(userId, left);
    else perUser.delete(userId);
  };
  const w = watch(req, reply, env, release);
  (req as WithRelease)[RELEASE] = () => w.stop();
  // Cheap early refusal: a quota already used up costs no more than the request's headers.
  const rows = await db
    .select({ scope: uploadUsage.scope, bytes: uploadUsage.bytes })
    .from(uploadUsage)
    .where(inArray(uploadUsage.scope, [userScope(userId), DEPLOYMENT]));
  const used = new Map(rows.map((r) => [r.scope, r.bytes]));
  if ((used.get(userScope(userId)) ?? 0) >= env.UPLOAD_QUOTA_PER_USER_MB * MIB) throw quotaExceeded();
  if ((used.get(DEPLOYMENT) ?? 0) >= env.UPLOAD_QUOTA_TOTAL_MB * MIB) throw storageFull();
}

/**
 * Counts `bytes` against the uploader's and the deployment's quota, inside the transaction that
 * stores the file: one statement of two conditional upserts, so concurrent uploads (on any instance)
 * cannot both take the last megabyte. Throws 413 or 507 (and the transaction rolls back) when over.
 * Call it last before the commit: the deployment's row is every upload's, and its lock is held until
 * the commit (docs/decisions/0066-change-capture-without-dynamic-sql.md).
 */
export async function reserveUploadBytes(tx: Db, env: Env, userId: string, bytes: number): Promise<void> {
  const { rows } = await reserveStatement(tx).execute({
    user: userScope(userId),
    bytes,
    userLimit: env.UPLOAD_QUOTA_PER_USER_MB * MIB,
    totalLimit: env.UPLOAD_QUOTA_TOTAL_MB * MIB,
  });
  const granted = new Set(rows.map((r) => r.scope));
  if (!granted.has(userScope(userId))) throw quotaExceeded();
  if (!granted.has(DEPLOYMENT)) throw storageFull();
}

// The account first, then the deployment: every upload locks the two rows in the same order.
const reserveStatement = preparedSql<{ scope: string }>(
  () => sql`insert into ${uploadUsage} as u (scope, bytes)
    select w.scope, w.bytes from (values
        (${sql.placeholder('user')}::text, ${sql.placeholder('bytes')}::bigint, ${sql.placeholder('userLimit')}::bigint, 1),
        (${DEPLOYMENT}::text, ${sql.placeholder('bytes')}::bigint, ${sql.placeholder('totalLimit')}::bigint, 2)) as w(scope, bytes, lim, ord)
    where w.bytes <= w.lim order by w.ord
    on conflict (scope) do update set bytes = u.bytes + excluded.bytes
    where u.bytes + excluded.bytes <= case when excluded.scope = ${DEPLOYMENT} then ${sql.placeholder('totalLimit')}::bigint
      else ${sql.placeholder('userLimit')}::bigint end
    returning u.scope`,
);

/** Stored bytes counted for an account (tests, and a future "space used" display). */
export async function uploadedBytes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: uploadUsage.bytes })
    .from(uploadUsage)
    .where(eq(uploadUsage.scope, userScope(userId)));
  return row?.bytes ?? 0;
}

/** Frees an upload's slot when its response is sent or its client goes away. */
export const uploadLimitsPlugin = fp(async (app: FastifyInstance) => {
  const release = async (req: FastifyRequest) => {
    (req as WithRelease)[RELEASE]?.();
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
});
