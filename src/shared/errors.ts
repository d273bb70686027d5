// One error shape for the whole API (docs/design.md#4-interfaces): { error: { code, message, details? } }.
// The codes form a closed list: the server can send no other (AppError and the error handler take an
// ErrorCode), and every one is translated in src/client/locales/*/errors.json (tests/i18n.test.ts).
import { z } from 'zod';
import { VALIDATION_RULES } from './validation-rules.ts';

export { VALIDATION_RULES, ruleOfIssue, type ValidationRule } from './validation-rules.ts';

/**
 * A field's validation failure. `rule` and `limit` say what was wrong in words the client translates
 * (a validator's own English never reaches people); `message` is the English fallback.
 */
export const ValidationDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  rule: z.enum(VALIDATION_RULES).optional(),
  limit: z.number().optional(),
});
export type ValidationDetail = z.infer<typeof ValidationDetailSchema>;

export { ERROR_CODES, CLIENT_ERROR_CODES, isErrorCode, type ErrorCode, type ClientErrorCode } from './error-codes.ts';
import type { ErrorCode } from './error-codes.ts';

/** The error body as read off the wire: a code this client does not know is still a readable error. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ValidationDetailSchema).optional(),
    /** A stale edit (409): the record as saved now, read by the feature's own schema. */
    current: z.unknown().optional(),
  }),
});
/** The error body as the server writes it. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ValidationDetail[]; current?: unknown };
}
