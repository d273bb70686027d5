// Rate limits and sign-in lock-out kept in PostgreSQL, so every instance shares one count
// (docs/decisions/0008-rate-limits-in-postgres.md). Fixed windows: a key's count starts at its
// first hit and resets when its window ends. Every change is one atomic statement.
import type { FastifyReply } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { rateLimited } from './errors.ts';

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/** A count never grows past this (an integer column under a flood). */
const HITS_CAP = 1_000_000_000;

/**
 * Counts one hit on `key` and says whether it is within `max` per `windowMs`. The statement also
 * removes a few expired keys (never the one being counted), so the table stays small without a job.
 */
export async function hit(db: Db, key: string, max: number, windowMs: number): Promise<Hit> {
  const result = await db.execute(sql`
    with pruned as (
      delete from rate_limits where key in (
        select key from rate_limits where reset_at < now() and key <> ${key} limit 20 for update skip locked
      )
    )
    insert into rate_limits (key, hits, reset_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then 1 else least(rate_limits.hits + 1, ${HITS_CAP}) end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning hits, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
  const row = rowsOf<{ hits: number | string; retry_after: number | string }>(result)[0];
  if (!row) throw new Error('rate limit upsert returned nothing');
  const hits = Number(row.hits);
  return { hits, allowed: hits <= max, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** Gives back one hit (a sign-in that turned out right is not a failure). */
export async function refund(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
}

/** Sets a flag key for `ttlMs` (e.g. "this account signed in from this address"). */
export async function mark(db: Db, key: string, ttlMs: number): Promise<void> {
  await db.execute(sql`
    insert into rate_limits (key, hits, reset_at) values (${key}, 1, now() + ${ttlMs} * interval '1 millisecond')
    on conflict (key) do update set hits = 1, reset_at = excluded.reset_at`);
}

/** Whether a flag key is set and unexpired. */
export async function isMarked(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)))
    .limit(1);
  return !!row;
}

/** A 429 in our shape, with Retry-After. */
export function refuse(reply: FastifyReply, h: Hit, message?: string): never {
  void reply.header('retry-after', String(h.retryAfter));
  throw rateLimited(message);
}

/** Counts one hit and refuses with 429 when over the limit. */
export async function enforce(
  db: Db,
  reply: FastifyReply,
  limit: { key: string; max: number; windowMs: number },
  message?: string,
): Promise<void> {
  const h = await hit(db, limit.key, limit.max, limit.windowMs);
  if (!h.allowed) refuse(reply, h, message);
}

/** Emailed links to one address: per address and asking IP, and all asking IPs together. */
export const EMAIL_LINKS_PER_ASKER = 3;
export const EMAIL_LINKS_PER_ADDRESS = 10;

/** The flag a right sign-in sets: this account signs in from this IP (features/accounts). */
export const knownAddressKey = (canonicalEmail: string, ip: string) => `signin-known:${canonicalEmail}|${ip}`;

/**
 * The budget for emailing a link (a password reset, a new confirmation) to one address. A stranger
 * asking for the owner's address spends only their own budget (per address and IP), so they cannot
 * use up the owner's (decision 0033, probe defect 8). All askers together stop at a ceiling, so the inbox is not
 * flooded from many IPs; past it, an IP the account signed in from keeps its own budget.
 */
export async function enforceEmailLinkBudget(
  db: Db,
  reply: FastifyReply,
  limit: { purpose: string; canonicalEmail: string; ip: string; windowMs: number },
): Promise<void> {
  const { purpose, canonicalEmail, ip, windowMs } = limit;
  const mine = await hit(db, `${purpose}-asker:${canonicalEmail}|${ip}`, EMAIL_LINKS_PER_ASKER, windowMs);
  if (!mine.allowed) refuse(reply, mine);
  const all = await hit(db, `${purpose}-email:${canonicalEmail}`, EMAIL_LINKS_PER_ADDRESS, windowMs);
  if (!all.allowed && !(await isMarked(db, knownAddressKey(canonicalEmail, ip)))) refuse(reply, all);
}
