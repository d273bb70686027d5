// The email outbox (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): emails are written in the same transaction as the change that
// causes them; a worker delivers them with retries and exponential back-off (at-least-once,
// docs/decisions/0022-email-at-least-once.md), urgent ones first, in claimed batches over pooled
// SMTP connections (docs/decisions/0035-outbox-throughput.md).
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { outboxMessageId, SMTP_TIMEOUTS_MS, type Mailer, type OutgoingEmail } from './mailer.ts';
import { redactPersonal } from './log-safety.ts';

export const MAX_ATTEMPTS = 8;

/** Which emails go first: a lower number is sent before a higher one that is due as well. */
export const EMAIL_PRIORITY = {
  /** Account and password links, bail and release notices: someone is waiting for them. */
  urgent: 0,
  /** Everything a person did that tells someone else (a request, an answer, a paper). */
  normal: 1,
  /** Scheduled reminders, sent in bulk. */
  bulk: 2,
} as const;
export type EmailPriority = (typeof EMAIL_PRIORITY)[keyof typeof EMAIL_PRIORITY];

export interface EnqueueOptions {
  priority: EmailPriority;
  /** Holds the email back (an action that can still be undone); a held email not yet claimed can be cancelled. */
  notBefore?: Date | undefined;
}

/** Queue one email; pass the transaction of the change that causes it. */
export async function enqueueEmail(db: Db, email: OutgoingEmail, options: EnqueueOptions): Promise<string> {
  // Due from this process's clock, the same clock the worker compares with (the database's now()
  // has microseconds and would make a just-queued email wait for the next pass).
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...email, priority: options.priority, nextAttemptAt: options.notBefore ?? new Date() })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** How long a claimed row is left to its worker before another may take it. */
export const CLAIM_MS = 5 * 60_000;
/** Rows claimed by one statement (OUTBOX_BATCH). */
export const OUTBOX_BATCH = 50;
/**
 * The longest one SMTP delivery may take (its timeouts): a claimed row whose send cannot start this
 * long before its claim ends is handed back unsent, so no row is ever sent after its claim expired.
 */
const SEND_BUDGET_MS = SMTP_TIMEOUTS_MS.connection + SMTP_TIMEOUTS_MS.greeting + SMTP_TIMEOUTS_MS.socket;

export interface DeliveryOptions {
  /** Rows claimed by one statement (default OUTBOX_BATCH). */
  batch?: number | undefined;
  /** Sends in flight at once (default: the mailer's connections, else 1). */
  parallel?: number | undefined;
  /** No new batch is claimed after this long; the next pass goes on (default 60 s). */
  drainMs?: number | undefined;
  /** Abandons the pass: nothing more is started, and the claimed rows not started are handed back. */
  signal?: AbortSignal | undefined;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * Claims up to `batch` due emails in one statement, urgent first: their next attempt is pushed
 * CLAIM_MS ahead and the claim committed before any is sent. FOR UPDATE SKIP LOCKED lets two
 * workers (two instances) claim at the same moment and get different rows, never the same one.
 */
async function claimDueEmails(db: Db, batch: number) {
  const now = new Date();
  const claimUntil = new Date(now.getTime() + CLAIM_MS);
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.priority), asc(emailOutbox.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: claimUntil, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .returning({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      attempts: emailOutbox.attempts,
      priority: emailOutbox.priority,
      createdAt: emailOutbox.createdAt,
    });
  // RETURNING has no order: send in the claim's (urgent first, then oldest).
  claimed.sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
  return { rows: claimed, claimUntil, sendBy: claimUntil.getTime() - SEND_BUDGET_MS };
}

type Claimed = Awaited<ReturnType<typeof claimDueEmails>>['rows'][number];

type MarkSent = (id: string) => Promise<void>;

/**
 * Marks rows sent as their SMTP server answers, in one UPDATE for all the answers that came while
 * the previous one ran (on a busy database the marks group themselves; alone, a row is marked at
 * once). Each send waits for its own mark before its lane starts another, so no more rows than
 * sends in flight are ever accepted by the server and not yet marked.
 */
function sentMarker(db: Db): MarkSent {
  let waiting: { id: string; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      const ids = group.map((g) => g.id);
      try {
        await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(inArray(emailOutbox.id, ids));
        for (const g of group) g.resolve();
      } catch (err) {
        for (const g of group) g.reject(err);
      }
    }
    flushing = false;
  };
  return (id) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ id, resolve, reject });
      if (!flushing) void flush();
    });
}

/** Sends one claimed row and records the outcome; true when sent. */
async function deliverOne(db: Db, mailer: Mailer, log: Log, row: Claimed, markSent: MarkSent): Promise<boolean> {
  try {
    // Claimed (committed) before sending, and sent with a Message-ID fixed by the row: SMTP is
    // at-least-once, so a crash between the server's "250 OK" and the mark below sends it again
    // after the claim expires, with the same Message-ID for receivers to dedupe.
    await mailer.send({
      to: row.to,
      subject: row.subject,
      text: row.text,
      messageId: outboxMessageId(row.id, mailer.from ?? ''),
    });
    await markSent(row.id);
    return true;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const failed = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        status: failed ? 'failed' : 'pending',
        lastError: message.slice(0, 1000),
        nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
      })
      .where(eq(emailOutbox.id, row.id));
    (failed ? log.error : log.warn).call(
      log,
      // The SMTP server's answer often names the recipient: not in the log.
      { emailId: row.id, attempts: row.attempts, err: redactPersonal(message) },
      failed ? 'email given up' : 'email delivery failed, will retry',
    );
    return false;
  }
}

/**
 * Sends the claimed rows, `parallel` at a time, in their order. The rows no send has started are
 * handed back as they were (due now, the attempt not counted) when the claim runs too short to start
 * another send, or when the pass is abandoned (`signal`: a send that never ends must not hold the
 * rest of its batch until the claim expires).
 */
async function deliverClaimed(
  db: Db,
  mailer: Mailer,
  log: Log,
  claim: Awaited<ReturnType<typeof claimDueEmails>>,
  parallel: number,
  signal: AbortSignal | undefined,
) {
  const { rows, claimUntil, sendBy } = claim;
  const markSent = sentMarker(db);
  let next = 0;
  let sent = 0;
  const handingBack: Promise<void>[] = [];
  const handBackRest = (why: string) => {
    const rest = rows.slice(next).map((r) => r.id);
    next = rows.length;
    if (rest.length === 0) return;
    const done = db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(), attempts: sql`${emailOutbox.attempts} - 1` })
      // Only while the claim is still this worker's (it may have expired meanwhile and been taken).
      .where(and(inArray(emailOutbox.id, rest), eq(emailOutbox.status, 'pending'), eq(emailOutbox.nextAttemptAt, claimUntil)))
      .then(
        () => log.warn({ emails: rest.length }, why),
        // Their claim simply expires instead.
        (err: unknown) => log.error({ err }, 'handing claimed emails back failed'),
      );
    handingBack.push(done);
  };
  const onAbort = () => handBackRest('outbox pass abandoned: the emails it had not started are handed back');
  signal?.addEventListener('abort', onAbort, { once: true });
  const lane = async () => {
    for (;;) {
      if (next < rows.length && Date.now() > sendBy)
        handBackRest('outbox batch near the end of its claim: the emails not started are handed back');
      const row = rows[next++];
      if (!row) return;
      if (await deliverOne(db, mailer, log, row, markSent)) sent++;
    }
  };
  try {
    const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(parallel, rows.length)) }, lane));
    await Promise.all(handingBack);
    for (const l of lanes) if (l.status === 'rejected') throw l.reason;
    return sent;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Delivers due emails, urgent first: claims a batch, sends it over the mailer's connections, and
 * claims again at once while batches come back full (a queue of thousands drains at the mail
 * server's pace, not one batch per poll). Stops on a short batch, on a full batch of which none
 * could be sent (the server is down: wait for the next poll) or after `drainMs`.
 * Returns how many were sent.
 */
export async function deliverDueEmails(db: Db, mailer: Mailer, log: Log, options: DeliveryOptions = {}): Promise<number> {
  const batch = options.batch ?? OUTBOX_BATCH;
  const parallel = options.parallel ?? mailer.connections ?? 1;
  const until = Date.now() + (options.drainMs ?? 60_000);
  let sent = 0;
  for (;;) {
    if (options.signal?.aborted) return sent;
    const claim = await claimDueEmails(db, batch);
    if (claim.rows.length === 0) return sent;
    const delivered = await deliverClaimed(db, mailer, log, claim, parallel, options.signal);
    sent += delivered;
    if (claim.rows.length < batch || delivered === 0 || Date.now() >= until) return sent;
  }
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
 * so the next tick starts a fresh pass. The rows whose send is stuck stay claimed until it ends or
 * their claim expires; the rest of its batch is handed back, and every other due email keeps moving.
 */
export function startOutboxWorker(
  db: Db,
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
  intervalMs = 5000,
  passLimitMs = PASS_LIMIT_MS,
  delivery: DeliveryOptions = {},
): OutboxWorker {
  let running: Promise<number> | undefined;
  let stopped = false;
  const pass = () => {
    if (running) return running;
    let limit: NodeJS.Timeout | undefined;
    const abandon = new AbortController();
    const overdue = new Promise<number>((resolve) => {
      limit = setTimeout(() => {
        log.warn({ passLimitMs }, 'outbox pass still running after its time limit; starting afresh on the next tick');
        abandon.abort();
        resolve(0);
      }, passLimitMs);
      limit.unref();
    });
    const work = beforePass(db, log)
      // A long queue is drained for at most half the pass's limit; the next tick goes on.
      .then(() => deliverDueEmails(db, mailer, log, { drainMs: passLimitMs / 2, ...delivery, signal: abandon.signal }))
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
