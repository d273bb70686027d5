// The email outbox (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): emails are written in the same transaction as the change that
// causes them; a worker delivers them with retries and exponential back-off (at-least-once).
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { outboxMessageId, type Mailer, type OutgoingEmail } from './mailer.ts';
import { redactPersonal } from './log-safety.ts';

export const MAX_ATTEMPTS = 8;

/**
 * Queue one email; pass the transaction of the change that causes it. `notBefore` holds it back
 * (an action that can still be undone); a held email not yet claimed can be cancelled.
 */
export async function enqueueEmail(db: Db, email: OutgoingEmail, notBefore?: Date): Promise<string> {
  // Due from this process's clock, the same clock the worker compares with (the database's now()
  // has microseconds and would make a just-queued email wait for the next pass).
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...email, nextAttemptAt: notBefore ?? new Date() })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Delivers due emails, at most `batch` of them. Each row is claimed by pushing its next attempt
 * into the future first, so two workers (two app instances) never send the same row at once.
 * Returns how many were sent.
 */
export async function deliverDueEmails(
  db: Db,
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  batch = 20,
): Promise<number> {
  const now = new Date();
  const claimUntil = new Date(now.getTime() + 5 * 60_000);
  const due = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batch);
  let sent = 0;
  for (const { id } of due) {
    const [claimed] = await db
      .update(emailOutbox)
      .set({ nextAttemptAt: claimUntil, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
      .returning();
    if (!claimed) continue;
    try {
      // Claimed above (committed) before sending, and sent with a Message-ID fixed by the row:
      // SMTP is at-least-once, so a crash between the server's "250 OK" and the update below
      // sends it again after the claim expires, with the same Message-ID for receivers to dedupe.
      await mailer.send({
        to: claimed.to,
        subject: claimed.subject,
        text: claimed.text,
        messageId: outboxMessageId(claimed.id, mailer.from ?? ''),
      });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, id));
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = claimed.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + backoffMs(claimed.attempts)),
        })
        .where(eq(emailOutbox.id, id));
      (failed ? log.error : log.warn).call(
        log,
        // The SMTP server's answer often names the recipient: not in the log.
        { emailId: id, attempts: claimed.attempts, err: redactPersonal(message) },
        failed ? 'email given up' : 'email delivery failed, will retry',
      );
    }
  }
  return sent;
}

export interface OutboxWorker {
  /** Run one pass now (tests, and right after a change that queued mail). */
  kick(): Promise<number>;
  /** Stop polling and wait for the pass under way. */
  stop(): Promise<void>;
}

/** Work the worker runs before each delivery pass (the deadline scheduler installs itself here from main.ts). */
type BeforePass = (db: Db, log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>) => Promise<void>;
let beforePass: BeforePass = async () => {};
export function setBeforeDeliveryPass(fn: BeforePass): void {
  beforePass = fn;
}

/** How long one pass may take before the worker stops waiting for it (see startOutboxWorker). */
export const PASS_LIMIT_MS = 120_000;

/**
 * Polls every `intervalMs`. One pass runs at a time, but never for ever: a pass still running after
 * `passLimitMs` (a query or an SMTP exchange that never answers) is logged and no longer waited for,
 * so the next tick starts a fresh pass. The rows the stuck pass claimed stay claimed until it ends
 * or their claim expires; every other due email keeps moving.
 */
export function startOutboxWorker(
  db: Db,
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
  intervalMs = 5000,
  passLimitMs = PASS_LIMIT_MS,
): OutboxWorker {
  let running: Promise<number> | undefined;
  let stopped = false;
  const pass = () => {
    if (running) return running;
    let limit: NodeJS.Timeout | undefined;
    const overdue = new Promise<number>((resolve) => {
      limit = setTimeout(() => {
        log.warn({ passLimitMs }, 'outbox pass still running after its time limit; starting afresh on the next tick');
        resolve(0);
      }, passLimitMs);
      limit.unref();
    });
    const work = beforePass(db, log)
      .then(() => deliverDueEmails(db, mailer, log))
      .catch((err: unknown) => {
        log.error({ err }, 'outbox pass failed');
        return 0;
      });
    const current: Promise<number> = Promise.race([work, overdue]).finally(() => {
      clearTimeout(limit);
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  const timer = setInterval(() => {
    if (!stopped) void pass();
  }, intervalMs);
  timer.unref();
  return {
    kick: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
