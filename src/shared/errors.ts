// One error shape for the whole API (docs/design.md#4-interfaces): { error: { code, message, details? } }.
// The codes form a closed list: the server can send no other (AppError and the error handler take an
// ErrorCode), and every one is translated in src/client/locales/*/errors.json (tests/i18n.test.ts).
import { z } from 'zod';

/**
 * A field's validation failure. `rule` and `limit` say what was wrong in words the client translates
 * (a validator's own English never reaches people); `message` is the English fallback.
 */
export const VALIDATION_RULES = [
  'required',
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'not_integer',
  'invalid_format',
  'invalid_choice',
  'invalid',
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];
export const ValidationDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  rule: z.enum(VALIDATION_RULES).optional(),
  limit: z.number().optional(),
});
export type ValidationDetail = z.infer<typeof ValidationDetailSchema>;

/** One mapping from a zod issue to a rule (and its limit), shared by the server's error handler and tests. */
export function ruleOfIssue(issue: {
  code?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  expected?: string;
  format?: string;
  message?: string;
}): { rule: ValidationRule; limit?: number } {
  const n = (v: number | bigint | undefined) => (v === undefined ? undefined : Number(v));
  const text = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'too_big':
      return { rule: text ? 'too_long' : 'too_big', limit: n(issue.maximum) };
    case 'too_small':
      if (text && n(issue.minimum) === 1) return { rule: 'required' };
      return { rule: text ? 'too_short' : 'too_small', limit: n(issue.minimum) };
    case 'invalid_type':
      if (issue.expected === 'int') return { rule: 'not_integer' };
      // zod reports the input only when asked to; its message names what it received.
      if (issue.input === null || /received (undefined|null)$/.test(issue.message ?? '')) return { rule: 'required' };
      return { rule: 'invalid' };
    case 'invalid_format':
      return { rule: 'invalid_format' };
    case 'invalid_value':
    case 'invalid_union':
      return { rule: 'invalid_choice' };
    default:
      return { rule: 'invalid' };
  }
}

export { ERROR_CODES, CLIENT_ERROR_CODES, isErrorCode, type ErrorCode, type ClientErrorCode } from './error-codes.ts';
import type { ErrorCode } from './error-codes.ts';

/** The error body as read off the wire: a code this client does not know is still a readable error. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ValidationDetailSchema).optional(),
  }),
});
/** The error body as the server writes it. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ValidationDetail[] };
}
