// Upload quotas and concurrency. Every upload route calls admitUpload before it
// reads the body and reserveUploadBytes in the transaction that stores the file:
// - at most UPLOAD_CONCURRENT_PER_USER uploads per account and UPLOAD_CONCURRENT_PER_PROCESS per
//   process are read at once (a file is spooled to a temporary file as it arrives and read back only
//   while it is stored, one at a time behind the quota lock; the cap bounds the open connections,
//   temporary files and disk writes: uploads over it wait for no one and get 429);
// - stored bytes are counted per uploader and for the deployment in `upload_usage`, reserved by a
//   conditional upsert in the storing transaction, so racing uploads never pass a quota.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import { uploadUsage } from '../db/schema.ts';
import { AppError } from './errors.ts';

const MIB = 1024 * 1024;
const DEPLOYMENT = 'deployment';
const userScope = (userId: string) => `user:${userId}`;

export const UPLOAD_ERRORS = {
  tooMany: 'Too many uploads at the same time. Please wait for the others to finish and try again.',
  quota: 'You have reached your upload limit. Please contact support if you need to upload more.',
  full: 'Rihaai has no storage space left for new files right now. Please try again later or contact support.',
} as const;

const quotaExceeded = () => new AppError(413, 'upload_quota_exceeded', UPLOAD_ERRORS.quota);
const storageFull = () => new AppError(507, 'storage_full', UPLOAD_ERRORS.full);

/** Uploads being read or stored in this process, in all and per account. */
let inFlight = 0;
const perUser = new Map<string, number>();

/** How many uploads this process is handling now (tests and metrics). */
export const uploadsInFlight = () => inFlight;

const RELEASE = Symbol('uploadRelease');
type WithRelease = FastifyRequest & { [RELEASE]?: () => void };

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
  (req as WithRelease)[RELEASE] = () => {
    if (released) return;
    released = true;
    inFlight--;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left > 0) perUser.set(userId, left);
    else perUser.delete(userId);
  };
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
 * stores the file: each is one conditional upsert, so concurrent uploads (on any instance) cannot
 * both take the last megabyte. Throws 413 or 507 (and the transaction rolls back) when over.
 */
export async function reserveUploadBytes(tx: Db, env: Env, userId: string, bytes: number): Promise<void> {
  // The account first, then the deployment: every upload locks the two rows in the same order.
  if (!(await add(tx, userScope(userId), bytes, env.UPLOAD_QUOTA_PER_USER_MB * MIB))) throw quotaExceeded();
  if (!(await add(tx, DEPLOYMENT, bytes, env.UPLOAD_QUOTA_TOTAL_MB * MIB))) throw storageFull();
}

async function add(tx: Db, scope: string, bytes: number, limit: number): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into ${uploadUsage} (scope, bytes)
    select ${scope}, ${bytes}::bigint where ${bytes}::bigint <= ${limit}::bigint
    on conflict (scope) do update set bytes = ${uploadUsage}.bytes + excluded.bytes
    where ${uploadUsage}.bytes + excluded.bytes <= ${limit}::bigint
    returning scope`);
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  return rows.length > 0;
}

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
