// Configuration comes only from environment variables, parsed once at start-up (DESIGN §4).
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JAIL_AUTHORITY_CODE: z.string().min(8, 'must be at least 8 characters').default('RIHAAI-JAIL-2024'),
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
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SEED_DEMO: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).default(5000),
  MAIL_FROM: z.string().min(3).default('Rihaai <no-reply@rihaai.local>'),
  CONTACT_TO: z.email().default('support@rihaai.local'),
  STATIC_DIR: z.string().min(1).default('./dist/client'),
  MIGRATIONS_DIR: z.string().min(1).default('./drizzle'),
});
export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Parses the environment; a bad value throws an EnvError naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
