// Configuration comes only from environment variables, parsed once at start-up (docs/design.md#4-interfaces).
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

/** The development default, printed in the README: production refuses it. */
export const DEFAULT_JAIL_AUTHORITY_CODE = 'RIHAAI-JAIL-2024';

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
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
  /** How long Bail-Accept emails wait before going out, so an undo in time cancels them (≤ the undo window). */
  BAIL_EMAIL_HOLD_SECONDS: z.coerce.number().int().min(0).max(300).default(300),
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).default(5000),
  MAIL_FROM: z.string().min(3).default('Rihaai <no-reply@rihaai.local>'),
  CONTACT_TO: z.email().default('support@rihaai.local'),
  STATIC_DIR: z.string().min(1).default('./dist/client'),
  MIGRATIONS_DIR: z.string().min(1).default('./drizzle'),
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
export type Env = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO' | 'PUBLIC_URL'> & { SEED_DEMO: boolean; PUBLIC_URL: string };

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
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
  };
  const problems: string[] = [];
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) problems.push('  HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`);
  return env;
}

/**
 * What production refuses: the development defaults are public (the README prints the
 * registration code and the demo password), so a deployment must choose its own.
 */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.JAIL_AUTHORITY_CODE === DEFAULT_JAIL_AUTHORITY_CODE) {
    problems.push(
      '  JAIL_AUTHORITY_CODE: set your own secret code in production (the default is published); anyone who knows it can register as Jail-Authority',
    );
  }
  if (env.SEED_DEMO) {
    problems.push('  SEED_DEMO: must be false in production (demo accounts have a published password)');
  }
  if (!env.PUBLIC_URL.startsWith('https://')) {
    problems.push('  PUBLIC_URL: must be the https:// address users open in production (cookies and passwords must not travel over http)');
  }
  return problems;
}
