// Configuration comes only from environment variables, parsed once at start-up (docs/design.md#4-interfaces).
import { z } from 'zod';
import { RETENTION_BATCH, RETENTION_DEFAULTS, RETENTION_FLOORS } from './lib/retention.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

/** The development default, printed in the README: production refuses it. */
export const DEFAULT_JAIL_AUTHORITY_CODE = 'RIHAAI-JAIL-2024';

/** The development key that seals second-factor secrets; published, so production refuses it (docs/decisions/0043-second-factor-for-officials.md). */
export const DEFAULT_SECOND_FACTOR_KEY = 'rihaai-development-second-factor-key-not-secret';

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: 127.0.0.1 outside production (a laptop's demo stays on the laptop), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  /** Where people open the app; unset, it follows PORT (http://localhost:<PORT>). */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL: plan each statement once per connection (named prepared statements); 'false' for a pooler in transaction mode. */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JAIL_AUTHORITY_CODE: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_JAIL_AUTHORITY_CODE),
  /** Seals each account's second-factor secret in the database: a dump alone does not give the secrets. */
  SECOND_FACTOR_KEY: z.string().min(32, 'must be at least 32 characters').default(DEFAULT_SECOND_FACTOR_KEY),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** A session with no request for this long ends (its absolute life is SESSION_TTL_HOURS). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60 * 90)
    .default(12 * 60),
  /**
   * A read may reuse this instance's session check for this many seconds, forgotten at once when the
   * database notifies a change (docs/decisions/0065-session-check-cache.md); 0 checks every request.
   */
  SESSION_CHECK_REUSE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  ALLOWED_EMAIL_DOMAINS: csv.default(['gmail.com']),
  /** '' (default) trusts no proxy; 'true' trusts every hop; otherwise addresses/CIDRs of trusted proxies. */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v): boolean | string => (v === '' || v === 'false' ? false : v === 'true' ? true : v)),
  /** Wrong passwords per account from one address per window (the lock-out an attacker elsewhere cannot trigger). */
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Wrong passwords per account from all addresses per window; past it, new addresses get the slow budget. */
  RATE_LIMIT_SIGNIN_ACCOUNT_CEILING: z.coerce.number().int().min(1).default(100),
  /** Attempts per account from an address it never signed in from, per window, once the ceiling is reached. */
  RATE_LIMIT_SIGNIN_NEW_ADDRESS: z.coerce.number().int().min(1).default(3),
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Check every response spliced from stored JSON text (the jail's list, the lawyer's clients) against
   * the route's response schema before it goes out; default on outside production (lib/json-text.ts).
   */
  CHECK_SPLICED_JSON: bool.optional(),
  /** GET /dev/mail lists the queued emails (docs/decisions/0039-dev-mailbox.md); default on in development only. */
  DEV_MAILBOX: bool.optional(),
  /** Demo accounts and data; default true in development and test, false in production. */
  SEED_DEMO: bool.optional(),
  /** Upload quotas: stored bytes per uploader and in all, and uploads at once. */
  UPLOAD_QUOTA_PER_USER_MB: z.coerce.number().int().min(1).default(100),
  UPLOAD_QUOTA_TOTAL_MB: z.coerce.number().int().min(1).default(20_480),
  UPLOAD_CONCURRENT_PER_USER: z.coerce.number().int().min(1).default(2),
  UPLOAD_CONCURRENT_PER_PROCESS: z.coerce.number().int().min(1).default(16),
  /**
   * An upload slower than this (bytes a second, over UPLOAD_RATE_WINDOW_SECONDS, once
   * UPLOAD_RATE_GRACE_SECONDS have passed) is stopped with 408 and its slot freed; 0 turns the check off.
   */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(2048),
  UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  UPLOAD_RATE_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Where uploads are spooled as they arrive (a folder per process inside); default: the system's temporary folder. */
  UPLOAD_SPOOL_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /**
   * Production without SMTP_URL refuses to start unless this says emails may be dropped; dropped
   * emails are never written to the log (their links open accounts). Development logs them.
   */
  EMAILS_MAY_BE_DROPPED: bool.default(false),
  /** How long Bail-Accept emails wait before going out, so an undo in time cancels them (≤ the undo window). */
  BAIL_EMAIL_HOLD_SECONDS: z.coerce.number().int().min(0).max(300).default(300),
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** SMTP connections the email worker keeps open and sends over at once (docs/decisions/0035-outbox-throughput.md). */
  SMTP_POOL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /** Emails the worker claims in one statement; it claims again at once while batches come back full. */
  OUTBOX_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
  MAIL_FROM: z.string().min(3).default('Rihaai <no-reply@rihaai.local>'),
  CONTACT_TO: z.email().default('support@rihaai.local'),
  STATIC_DIR: z.string().min(1).default('./dist/client'),
  MIGRATIONS_DIR: z.string().min(1).default('./drizzle'),
  // Retention (docs/retention.md): days each kind of row is kept; a value below its floor stops the server.
  /** A notification is deleted this long after it was read. */
  RETENTION_READ_NOTIFICATIONS_DAYS: z.coerce
    .number()
    .int()
    .min(RETENTION_FLOORS.readNotificationsDays, `must be at least ${RETENTION_FLOORS.readNotificationsDays} days`)
    .max(36_500)
    .default(RETENTION_DEFAULTS.readNotificationsDays),
  /** An audit event is deleted this long after it was written; the law keeps logs a year at least. */
  RETENTION_AUDIT_DAYS: z.coerce
    .number()
    .int()
    .min(RETENTION_FLOORS.auditDays, `must be at least ${RETENTION_FLOORS.auditDays} days (logs are kept a year at least)`)
    .max(36_500)
    .default(RETENTION_DEFAULTS.auditDays),
  /** A session is deleted this long after it expired (0: at the first pass after its expiry). */
  RETENTION_EXPIRED_SESSIONS_DAYS: z.coerce
    .number()
    .int()
    .min(RETENTION_FLOORS.expiredSessionsDays, `must be at least ${RETENTION_FLOORS.expiredSessionsDays} days`)
    .max(36_500)
    .default(RETENTION_DEFAULTS.expiredSessionsDays),
  /** An emailed link (reset or confirmation, used or not) is deleted this long after it expired. */
  RETENTION_DEAD_LINKS_DAYS: z.coerce
    .number()
    .int()
    .min(RETENTION_FLOORS.deadLinksDays, `must be at least ${RETENTION_FLOORS.deadLinksDays} day`)
    .max(36_500)
    .default(RETENTION_DEFAULTS.deadLinksDays),
  /** A sent email is deleted from the outbox this long after it was sent. */
  RETENTION_SENT_EMAILS_DAYS: z.coerce
    .number()
    .int()
    .min(RETENTION_FLOORS.sentEmailsDays, `must be at least ${RETENTION_FLOORS.sentEmailsDays} days`)
    .max(36_500)
    .default(RETENTION_DEFAULTS.sentEmailsDays),
  /** A sign-up nobody confirmed has its name, address and password erased this long after it was made. */
  RETENTION_UNCONFIRMED_ACCOUNTS_DAYS: z.coerce
    .number()
    .int()
    .min(RETENTION_FLOORS.unconfirmedAccountsDays, `must be at least ${RETENTION_FLOORS.unconfirmedAccountsDays} days`)
    .max(36_500)
    .default(RETENTION_DEFAULTS.unconfirmedAccountsDays),
  /** A case the court decided is deleted this long after the decision's day (docs/retention.md#closed-cases). */
  RETENTION_CLOSED_CASES_DAYS: z.coerce
    .number()
    .int()
    .min(RETENTION_FLOORS.closedCasesDays, `must be at least ${RETENTION_FLOORS.closedCasesDays} days (the appeal periods)`)
    .max(36_500)
    .default(RETENTION_DEFAULTS.closedCasesDays),
  /** Rows one retention DELETE removes at most. */
  RETENTION_BATCH: z.coerce.number().int().min(1).max(10_000).default(RETENTION_BATCH),
  /** The whole request (headers and body) must arrive within this time; slow bodies are cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** The request headers must arrive within this time. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /** A connection that sends nothing for this long is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** An idle keep-alive connection is closed after this long (behind a proxy: longer than the proxy's). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(5_000),
  /** On SIGTERM, new requests get 503 for this long (so a load balancer notices) before the server stops listening. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
});
export type Env = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO' | 'PUBLIC_URL' | 'CHECK_SPLICED_JSON' | 'HOST' | 'DEV_MAILBOX'> & {
  SEED_DEMO: boolean;
  HOST: string;
  DEV_MAILBOX: boolean;
  PUBLIC_URL: string;
  CHECK_SPLICED_JSON: boolean;
};

export class EnvError extends Error {}

/** Parses the environment; a bad value throws an EnvError naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env: Env = {
    ...result.data,
    SEED_DEMO: result.data.SEED_DEMO ?? result.data.NODE_ENV !== 'production',
    CHECK_SPLICED_JSON: result.data.CHECK_SPLICED_JSON ?? result.data.NODE_ENV !== 'production',
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
    HOST: result.data.HOST ?? (result.data.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    DEV_MAILBOX: result.data.DEV_MAILBOX ?? result.data.NODE_ENV === 'development',
  };
  const problems: string[] = [];
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) problems.push('  HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`);
  return env;
}

/** Production's Jail-Authority code: at least this long, of several kinds of character. */
export const JAIL_CODE_MIN_LENGTH = 20;

/**
 * Why a Jail-Authority code is too weak for production, or undefined when it is strong enough: the
 * published default in any case, fewer than 20 characters, fewer than three kinds of character
 * (lower, upper, digit, other), or one character repeated for most of it (`openssl rand -base64 24`
 * gives a good one).
 */
export function jailCodeWeakness(code: string): string | undefined {
  if (code.toUpperCase() === DEFAULT_JAIL_AUTHORITY_CODE.toUpperCase() || code.toUpperCase().includes('RIHAAI-JAIL')) {
    return 'set your own secret code in production (the default is published)';
  }
  if (code.length < JAIL_CODE_MIN_LENGTH) return `must be at least ${JAIL_CODE_MIN_LENGTH} characters in production`;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(code)).length;
  if (kinds < 3) return 'must mix at least three of: lower-case letters, capitals, digits, other characters';
  if (new Set(code).size < code.length / 2) return 'repeats its characters too much: use a random code';
  return undefined;
}

/**
 * What production refuses: the development defaults are public (the README prints the
 * registration code and the demo password), so a deployment must choose its own.
 */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const codeProblem = jailCodeWeakness(env.JAIL_AUTHORITY_CODE);
  if (codeProblem) problems.push(`  JAIL_AUTHORITY_CODE: ${codeProblem}; anyone who guesses it can register as Jail-Authority`);
  if (env.SECOND_FACTOR_KEY === DEFAULT_SECOND_FACTOR_KEY) {
    problems.push('  SECOND_FACTOR_KEY: set your own random key in production (e.g. openssl rand -base64 32); the default is published');
  }
  if (!env.SMTP_URL && !env.EMAILS_MAY_BE_DROPPED) {
    problems.push(
      '  SMTP_URL: must be set in production (account and password links are emailed); set EMAILS_MAY_BE_DROPPED=true only if emails may be lost',
    );
  }
  if (env.SEED_DEMO) {
    problems.push('  SEED_DEMO: must be false in production (demo accounts have a published password)');
  }
  if (env.DEV_MAILBOX) {
    problems.push('  DEV_MAILBOX: must be false in production (the mailbox shows every email and its links to anyone)');
  }
  if (!env.PUBLIC_URL.startsWith('https://')) {
    problems.push('  PUBLIC_URL: must be the https:// address users open in production (cookies and passwords must not travel over http)');
  }
  return problems;
}
