// One error shape for the whole API (DESIGN §4): { error: { code, message, details? } }.
import { z } from 'zod';

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Error codes the client knows how to translate. Features add their own codes here. */
export const ERROR_CODES = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'cross_site',
  'internal',
  'invalid_email',
  'invalid_credentials',
  'role_mismatch',
  'email_taken',
  'bad_registration_code',
  'wrong_password',
  'reset_link_invalid',
  'not_registered',
  'request_decided',
  'not_client',
  'case_exists',
  'already_requested',
  'lawyer_type_mismatch',
  'no_seats',
  'ngo_already_assigned',
  'no_bail_paper',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});
