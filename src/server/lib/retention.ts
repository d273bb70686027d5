// Retention (docs/retention.md): rows kept past their stated period are deleted by a job that runs in
// the server process, once a day, and by `npm run retention`. Only what an index reaches is deleted:
// each delete is a bounded batch through the index whose columns hold the owner and the time, so
// a pass never reads a whole table. What has no such index is kept, and docs/retention.md says so.
//
// A table with an index on the time alone (sessions, emailed links, sent emails) is deleted from in
// batches of its oldest rows, each batch an ordered range of that index. Their batch is an array
// (`id = any(array(select ...))`), so the delete finds the rows by primary key: with `id in (select
// ...)` the generic plan, not knowing the batch size, may hash-join a scan of the whole table.
//
// How a table without an index on the time alone is reached: its index leads with the owner (a
// user, an audit subject), so the pass walks the owners in that index (a loose index scan: one probe
// per owner, a page of owners at a time) and deletes each page's old rows through the same index's
// (owner, time) range.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, indianDay } from '#shared/deadlines.ts';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { audit } from './audit.ts';
import { refreshPrisonerCases } from './case-facts.ts';

/** How long each kind of row is kept, in days. */
export interface RetentionPolicy {
  /** A notification, once read (unread ones stay until read or the account goes). */
  readNotificationsDays: number;
  /** An audit event. */
  auditDays: number;
  /** A session, counted from its expiry (0: as soon as it expires). */
  expiredSessionsDays: number;
  /** An emailed link (password reset, email confirmation), counted from its expiry; a used link expires too. */
  deadLinksDays: number;
  /** An email the outbox sent, counted from its sending. */
  sentEmailsDays: number;
  /** A sign-up nobody confirmed, counted from the sign-up: then its name, address and password are erased. */
  unconfirmedAccountsDays: number;
  /**
   * A case the court decided (acquitted, convicted …), counted from the decision's day as recorded: then the
   * case, its hearings and timeline go, and the bail papers of a family member left with no case.
   */
  closedCasesDays: number;
}

/**
 * The shortest period each may be set to. The audit's is the law's: the DPDP Rules 2025 keep logs
 * at least a year (docs/law.md#data-protection). The others have no legal floor: a month lets a
 * person find what they read recently; an expired session opens nothing; a day after a link's
 * expiry and a week after an email went still answer "why did my link not work" and "did it go".
 */
export const RETENTION_FLOORS: RetentionPolicy = {
  readNotificationsDays: 30,
  auditDays: 365,
  expiredSessionsDays: 0,
  deadLinksDays: 1,
  sentEmailsDays: 7,
  // The confirmation link lasts a day: a sign-up is kept at least a day past it.
  unconfirmedAccountsDays: 2,
  // The appeal periods after a decision: 90 days for the State's appeal against an acquittal, then 90
  // for special leave to the Supreme Court (docs/retention.md#closed-cases).
  closedCasesDays: 365,
};

/** The periods used when nothing is configured (why each: docs/retention.md). */
export const RETENTION_DEFAULTS: RetentionPolicy = {
  readNotificationsDays: 180,
  auditDays: 1095,
  expiredSessionsDays: 0,
  deadLinksDays: 7,
  sentEmailsDays: 30,
  unconfirmedAccountsDays: 7,
  closedCasesDays: 1095,
};

/** The periods set in the environment (env.ts, the RETENTION_* variables). */
export function retentionPolicyFromEnv(env: Env): RetentionPolicy {
  return {
    readNotificationsDays: env.RETENTION_READ_NOTIFICATIONS_DAYS,
    auditDays: env.RETENTION_AUDIT_DAYS,
    expiredSessionsDays: env.RETENTION_EXPIRED_SESSIONS_DAYS,
    deadLinksDays: env.RETENTION_DEAD_LINKS_DAYS,
    sentEmailsDays: env.RETENTION_SENT_EMAILS_DAYS,
    unconfirmedAccountsDays: env.RETENTION_UNCONFIRMED_ACCOUNTS_DAYS,
    closedCasesDays: env.RETENTION_CLOSED_CASES_DAYS,
  };
}

/**
 * The first day the retention job may delete a case decided on `disposedOn` (an Indian calendar day): it
 * deletes a case once the decision is more than the period (never below the floor) before today in India.
 */
export function closedCaseDeletedFrom(disposedOn: string, closedCasesDays: number): string {
  return addDays(disposedOn, Math.max(closedCasesDays, RETENTION_FLOORS.closedCasesDays) + 1);
}

/** Rows one DELETE removes at most (RETENTION_BATCH). */
export const RETENTION_BATCH = 1000;

/** Owners (users, audit subjects) walked per page. */
const OWNERS_PER_PAGE = 500;

/** The lowest uuid: where the walk over notification owners starts. */
const FIRST_UUID = '00000000-0000-0000-0000-000000000000';

const DAY_MS = 86_400_000;

type Rows<T> = { rows: T[] };

export interface RetentionOptions {
  policy: RetentionPolicy;
  /** The clock of this pass; tests move it. */
  now?: Date;
  batch?: number;
  /** Owners walked per page (default 500). */
  ownersPerPage?: number;
  /** Called between batches, so the embedded database answers requests while a long pass runs. */
  pause?: () => Promise<void>;
  /** Checked between batches: true ends the pass early (shutdown); the next pass goes on. */
  stopped?: () => boolean;
  /**
   * Removes the stored files of deleted papers (the paper store's erase), after their rows' commit. Without
   * it a file stays until the server's hourly sweep finds no row points to it.
   */
  erasePapers?: (ids: readonly string[]) => Promise<void>;
}

export interface RetentionReport {
  readNotifications: number;
  auditEvents: number;
  expiredSessions: number;
  deadLinks: number;
  sentEmails: number;
  unconfirmedAccounts: number;
  closedCases: number;
}

/** The instant before which rows kept `days` days are deleted. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** A text[] literal of any strings (each element quoted, `"` and `\` escaped). */
const textArray = (keys: string[]) => `{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

async function deletedCount(db: Db, statement: SQL): Promise<number> {
  const { rows } = (await db.execute(statement)) as Rows<{ deleted: number }>;
  return rows.length;
}

/**
 * The next page of users who have notifications, after `after`, through notifications_user_page_idx
 * (one index probe each).
 */
export async function notificationOwnersAfter(db: Db, after: string, limit = OWNERS_PER_PAGE): Promise<string[]> {
  const { rows } = (await db.execute(sql`with recursive owners(id) as (
      (select user_id from notifications where user_id > ${after}::uuid order by user_id limit 1)
      union all
      select (select n.user_id from notifications n where n.user_id > owners.id order by n.user_id limit 1)
      from owners where owners.id is not null
    )
    select id from owners where id is not null limit ${limit}`)) as Rows<{ id: string }>;
  return rows.map((r) => r.id);
}

/** One batch of these users' notifications read before `cutoff`, through the (user_id, created_at) index. */
export function deleteReadNotificationsSql(owners: string[], cutoff: Date, batch: number): SQL {
  // Read before the cut-off means created before it too: created_at bounds the index range, read_at filters.
  return sql`delete from notifications where id in (
      select id from notifications
      where user_id = any(${`{${owners.join(',')}}`}::uuid[]) and created_at < ${cutoff.toISOString()}::timestamptz
        and read_at < ${cutoff.toISOString()}::timestamptz
      limit ${batch} for update skip locked)
    returning 1 as deleted`;
}

/** The next page of audit subjects after `after` (null: from the first), through audit_events_subject_idx. */
export async function auditSubjectsAfter(db: Db, after: string | null, limit = OWNERS_PER_PAGE): Promise<string[]> {
  const first =
    after === null
      ? sql`(select subject from audit_events where subject is not null order by subject limit 1)`
      : sql`(select subject from audit_events where subject > ${after} order by subject limit 1)`;
  const { rows } = (await db.execute(sql`with recursive subjects(s) as (
      ${first}
      union all
      select (select a.subject from audit_events a where a.subject > subjects.s order by a.subject limit 1)
      from subjects where subjects.s is not null
    )
    select s from subjects where s is not null limit ${limit}`)) as Rows<{ s: string }>;
  return rows.map((r) => r.s);
}

/** One batch of audit events of these subjects (null: of no subject) before `cutoff`, through the (subject, at) index. */
export function deleteAuditEventsSql(subjects: string[] | null, cutoff: Date, batch: number): SQL {
  const whose = subjects === null ? sql`subject is null` : sql`subject = any(${textArray(subjects)}::text[])`;
  return sql`delete from audit_events where id in (
      select id from audit_events where ${whose} and at < ${cutoff.toISOString()}::timestamptz
      limit ${batch} for update skip locked)
    returning 1 as deleted`;
}

/** One batch of the sessions that expired before `cutoff`, oldest first, through sessions_expires_idx. */
export function deleteExpiredSessionsSql(cutoff: Date, batch: number): SQL {
  return sql`delete from sessions where id = any(array(
      select id from sessions where expires_at < ${cutoff.toISOString()}::timestamptz
      order by expires_at limit ${batch} for update skip locked))
    returning 1 as deleted`;
}

/**
 * One batch of the emailed links (resets and confirmations, used or not) that expired before
 * `cutoff`, oldest first, through password_resets_expires_idx. A used link keeps its expiry, so it
 * goes the same time after it as an unused one.
 */
export function deleteDeadLinksSql(cutoff: Date, batch: number): SQL {
  return sql`delete from password_resets where id = any(array(
      select id from password_resets where expires_at < ${cutoff.toISOString()}::timestamptz
      order by expires_at limit ${batch} for update skip locked))
    returning 1 as deleted`;
}

/**
 * One batch of the emails sent before `cutoff`, oldest first, through the partial index
 * email_outbox_sent_idx (status = 'sent' stays a literal, so the generic plan can use it). Pending
 * and failed emails are never deleted here.
 */
export function deleteSentEmailsSql(cutoff: Date, batch: number): SQL {
  return sql`delete from email_outbox where id = any(array(
      select id from email_outbox where status = 'sent' and sent_at < ${cutoff.toISOString()}::timestamptz
      order by sent_at limit ${batch} for update skip locked))
    returning 1 as deleted`;
}

/**
 * One batch of the access log's rows older than `cutoff`, oldest first, through access_log_at_idx. The
 * log's trigger refuses a row younger than 365 days, which the audit's floor keeps this from asking
 * (docs/decisions/0049-access-log.md).
 */
export function deleteAccessLogSql(cutoff: Date, batch: number): SQL {
  return sql`delete from access_log where id = any(array(
      select id from access_log where at < ${cutoff.toISOString()}::timestamptz
      order by at limit ${batch} for update skip locked))
    returning 1 as deleted`;
}

/**
 * One batch of the sign-ups nobody confirmed before `cutoff`, oldest first, through users_unconfirmed_idx:
 * their name, address, password and parent's address are erased and the row kept as a pseudonymous id
 * (docs/retention.md#unconfirmed-accounts-erased-not-deleted). Deleting the row would make PostgreSQL read every table
 * whose foreign key refers to users; an erased row leaves the index, so the next batch reads on.
 */
export function eraseUnconfirmedAccountsSql(cutoff: Date, batch: number): SQL {
  return sql`update users set name = '', email = 'erased-' || id::text || '@erased.invalid', password_hash = '',
      parent_email = null, parent_token_hash = null, parent_token_expires_at = null, erased_at = now()
    where id = any(array(
      select id from users where confirmed_at is null and erased_at is null and created_at < ${cutoff.toISOString()}::timestamptz
        -- A sign-up made again for the address within the period: its new link keeps working (password_resets_user_idx).
        and not exists (select 1 from password_resets r where r.user_id = users.id and r.created_at >= ${cutoff.toISOString()}::timestamptz)
      order by created_at limit ${batch} for update skip locked))
    returning 1 as deleted`;
}

/**
 * The next batch of cases decided before `cutoff`, oldest first, through cases_disposed_on_idx, with their
 * prisoners (whose rows the batch locks before it deletes, as adding a case does: no deadlock with it).
 */
export function closedCasesSql(cutoff: string, batch: number): SQL {
  return sql`select id, prisoner_id as "prisonerId" from cases where disposed_on < ${cutoff}::date order by disposed_on limit ${batch}`;
}

/**
 * Deletes these cases if still decided before `cutoff` (another instance may have deleted them, or a
 * decision been taken back), with (by cascade) their hearings and timeline; a lawyer request that named
 * one keeps its row and loses the case. Returns the deleted cases' family members and prisoners.
 */
export function deleteClosedCasesSql(ids: string[], cutoff: string): SQL {
  return sql`delete from cases where id = any(${`{${ids.join(',')}}`}::uuid[]) and disposed_on < ${cutoff}::date
    returning id, family_member_id as "memberId", prisoner_id as "prisonerId"`;
}

/**
 * The bail papers of these family members who have no case left: they were the papers of the cases just
 * deleted (a paper belongs to the member, not to one case). Through documents_member_idx; "no case left"
 * through cases_member_number_unique, which leads with the member. Their bytes leave the upload quotas.
 */
export function deleteOrphanPapersSql(memberIds: string[]): SQL {
  const members = sql`${`{${memberIds.join(',')}}`}::uuid[]`;
  // The members with no case are found first, a probe each (a join of documents to cases would read cases whole).
  return sql`with gone as (
      delete from documents d
      where d.family_member_id = any(array(
        select m from unnest(${members}) m where not exists (select 1 from cases c where c.family_member_id = m)))
      returning d.id, d.storage, d.size, d.uploaded_by
    ), quota as (
      update upload_usage u set bytes = greatest(0, u.bytes - q.total)
      from (select 'user:' || g.uploaded_by::text as scope, sum(g.size) as total from gone g where g.uploaded_by is not null group by g.uploaded_by
            union all
            select 'deployment', sum(g.size) from gone g having count(*) > 0) q
      where u.scope = q.scope
    )
    select id, storage from gone`;
}

/**
 * Decided cases past their retention, a batch a transaction: the cases go, the prisoner's other cases
 * count one fewer held (S.479(2)), the papers of a member left with no case go, and the audit says how
 * many went for whom. The stored files are removed after the commit.
 */
async function purgeClosedCases(db: Db, cutoff: string, batch: number, o: RetentionOptions): Promise<number> {
  let total = 0;
  for (;;) {
    if (o.stopped?.()) return total;
    const { found, n, files } = await db.transaction(async (tx) => {
      const { rows: batchRows } = (await tx.execute(closedCasesSql(cutoff, batch))) as Rows<{ id: string; prisonerId: string }>;
      if (batchRows.length === 0) return { found: 0, n: 0, files: [] as string[] };
      const prisonerIds = [...new Set(batchRows.map((r) => r.prisonerId))].sort();
      await tx.execute(sql`select 1 from prisoners where id = any(${`{${prisonerIds.join(',')}}`}::uuid[]) order by id for update`);
      const { rows } = (await tx.execute(
        deleteClosedCasesSql(
          batchRows.map((r) => r.id),
          cutoff,
        ),
      )) as Rows<{ id: string; memberId: string; prisonerId: string }>;
      if (rows.length === 0) return { found: batchRows.length, n: 0, files: [] as string[] };
      await refreshPrisonerCases(
        tx,
        rows.map((r) => r.prisonerId),
      );
      const members = [...new Set(rows.map((r) => r.memberId))].sort();
      const { rows: papers } = (await tx.execute(deleteOrphanPapersSql(members))) as Rows<{ id: string; storage: string }>;
      for (const member of members) {
        const gone = rows.filter((r) => r.memberId === member).map((r) => r.id);
        await audit(tx, null, 'case.retention_deleted', member, { cases: gone.length, caseIds: gone });
      }
      return { found: batchRows.length, n: rows.length, files: papers.filter((p) => p.storage === 'file').map((p) => p.id) };
    });
    if (files.length > 0) await o.erasePapers?.(files);
    total += n;
    // A short batch was the last; a batch another instance deleted first ends this pass (the next goes on).
    if (found < batch || n === 0) return total;
    await o.pause?.();
  }
}

/** Runs `statement` until a batch comes back short; returns the rows deleted, or stops early. */
async function drain(db: Db, statement: () => SQL, batch: number, o: RetentionOptions): Promise<number> {
  let total = 0;
  for (;;) {
    if (o.stopped?.()) return total;
    const n = await deletedCount(db, statement());
    total += n;
    if (n < batch) return total;
    await o.pause?.();
  }
}

async function purgeReadNotifications(db: Db, cutoff: Date, batch: number, o: RetentionOptions): Promise<number> {
  let total = 0;
  let after = FIRST_UUID;
  for (;;) {
    if (o.stopped?.()) return total;
    const owners = await notificationOwnersAfter(db, after, o.ownersPerPage);
    if (owners.length === 0) return total;
    total += await drain(db, () => deleteReadNotificationsSql(owners, cutoff, batch), batch, o);
    after = owners[owners.length - 1]!;
    await o.pause?.();
  }
}

async function purgeAuditEvents(db: Db, cutoff: Date, batch: number, o: RetentionOptions): Promise<number> {
  let total = await drain(db, () => deleteAuditEventsSql(null, cutoff, batch), batch, o);
  let after: string | null = null;
  for (;;) {
    if (o.stopped?.()) return total;
    const subjects = await auditSubjectsAfter(db, after, o.ownersPerPage);
    if (subjects.length === 0) return total;
    total += await drain(db, () => deleteAuditEventsSql(subjects, cutoff, batch), batch, o);
    after = subjects[subjects.length - 1]!;
    await o.pause?.();
  }
}

/** One pass: deletes every row older than its retention; returns how many of each kind. */
export async function runRetentionPass(db: Db, options: RetentionOptions): Promise<RetentionReport> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? RETENTION_BATCH;
  // Never below the floors, whatever a caller passes (env.ts refuses such values at start-up).
  const notificationDays = Math.max(options.policy.readNotificationsDays, RETENTION_FLOORS.readNotificationsDays);
  const auditDays = Math.max(options.policy.auditDays, RETENTION_FLOORS.auditDays);
  const cutoff = (kind: 'expiredSessionsDays' | 'deadLinksDays' | 'sentEmailsDays' | 'unconfirmedAccountsDays' | 'closedCasesDays') =>
    retentionCutoff(now, Math.max(options.policy[kind], RETENTION_FLOORS[kind]));
  const sessionsCutoff = cutoff('expiredSessionsDays');
  const linksCutoff = cutoff('deadLinksDays');
  const emailsCutoff = cutoff('sentEmailsDays');
  return {
    readNotifications: await purgeReadNotifications(db, retentionCutoff(now, notificationDays), batch, options),
    // The access log is kept as long as the audit, and counted with it.
    auditEvents:
      (await purgeAuditEvents(db, retentionCutoff(now, auditDays), batch, options)) +
      (await drain(db, () => deleteAccessLogSql(retentionCutoff(now, auditDays), batch), batch, options)),
    expiredSessions: await drain(db, () => deleteExpiredSessionsSql(sessionsCutoff, batch), batch, options),
    deadLinks: await drain(db, () => deleteDeadLinksSql(linksCutoff, batch), batch, options),
    sentEmails: await drain(db, () => deleteSentEmailsSql(emailsCutoff, batch), batch, options),
    unconfirmedAccounts: await drain(db, () => eraseUnconfirmedAccountsSql(cutoff('unconfirmedAccountsDays'), batch), batch, options),
    // A decision's day is a day in India, as the courts count it: the case goes once that many days have passed.
    closedCases: await purgeClosedCases(db, indianDay(cutoff('closedCasesDays')), batch, options),
  };
}

export interface RetentionJob {
  /** Run a pass now (tests, and the first pass after start-up). */
  run(): Promise<RetentionReport | undefined>;
  /** Stop the timer, end the pass under way at its next batch and wait for it. */
  stop(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;

/**
 * Runs a retention pass once a day (the Indian calendar day, as the deadline pass counts days): the
 * timer looks every `everyMs` (default an hour) and starts a pass when none ran today in this
 * process. Several instances may each run one; the deletes skip rows another is deleting.
 */
export function startRetentionJob(
  db: Db,
  log: Log,
  options: {
    policy: RetentionPolicy;
    batch?: number;
    everyMs?: number;
    firstAfterMs?: number;
    erasePapers?: RetentionOptions['erasePapers'];
  },
): RetentionJob {
  let running: Promise<RetentionReport | undefined> | undefined;
  let lastDay: string | undefined;
  let stopped = false;
  const pass = () => {
    if (running) return running;
    const started = Date.now();
    lastDay = indianDay(new Date(started));
    const current = runRetentionPass(db, {
      policy: options.policy,
      ...(options.batch ? { batch: options.batch } : {}),
      ...(options.erasePapers ? { erasePapers: options.erasePapers } : {}),
      pause: () => new Promise((resolve) => setImmediate(resolve)),
      stopped: () => stopped,
    })
      .then((report) => {
        log.info({ deleted: report, ms: Date.now() - started }, 'retention pass done');
        return report;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'retention pass failed');
        // The next hourly look tries again, rather than tomorrow.
        lastDay = undefined;
        return undefined;
      })
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  };
  const tick = () => {
    if (!stopped && lastDay !== indianDay(new Date())) void pass();
  };
  // The first pass waits a little, so start-up (and the first requests) do not share the database with it.
  const first = setTimeout(tick, options.firstAfterMs ?? 60_000);
  first.unref();
  const timer = setInterval(tick, options.everyMs ?? 3_600_000);
  timer.unref();
  return {
    run: pass,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
