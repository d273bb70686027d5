// AppError and its factories: the only way handlers report an expected failure (docs/style.md#errors).
import type { ErrorCode } from '#shared/errors.ts';

export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** A stale edit's answer: the record as it is now, so the form can show what the other side changed. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = (message = 'User not authenticated') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'forbidden', message);
export const notFound = (what: string) => new AppError(404, 'not_found', `No such ${what}.`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
/** 409: the form was loaded before someone else saved; `current` is what is saved now (with its version). */
export const staleEdit = (message: string, current: unknown, code: ErrorCode = 'stale_edit') =>
  new AppError(409, code, message, undefined, current);
export const invalid = (message: string, details?: ErrorDetail[], code: ErrorCode = 'validation') =>
  new AppError(400, code, message, details);
export const tooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
export const unsupportedType = (message: string) => new AppError(415, 'unsupported_media_type', message);
export const rateLimited = (message = 'Too many attempts. Please wait a few minutes and try again.') =>
  new AppError(429, 'rate_limited', message);

/** PostgreSQL unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string; constraint?: string };
    cur = c.cause;
  }
  return undefined;
}

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// 08xxx connection exception; 57P01–57P03 the server is shutting down / restarting; 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended unexpectedly|terminating connection|PGlite is closed/i;

/** True when the error means the database cannot be reached right now (the request gets 503, not 500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof c.code === 'string' && (CONNECTION_ERRNOS.has(c.code) || UNAVAILABLE_SQLSTATE.test(c.code))) return true;
    // Drizzle's wrapper quotes the SQL in its message: only its cause speaks for the connection.
    if (typeof c.message === 'string' && !c.message.startsWith('Failed query:') && UNAVAILABLE_MESSAGE.test(c.message)) return true;
    // AggregateError (a failed connect to every address of a host name).
    if (Array.isArray(c.errors) && c.errors.some((e) => isDatabaseUnavailable(e))) return true;
    cur = c.cause;
  }
  return false;
}

export const unavailable = () => new AppError(503, 'unavailable', 'The service is briefly unavailable. Please try again in a moment.');
