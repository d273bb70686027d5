// The closed list of error codes, without zod: the sign-in route reads it and loads no validator
// (docs/decisions/0010-no-zod-on-the-sign-in-route.md). errors.ts re-exports it.
/** Every code the server sends. Add a new one here and translate it in all five locales. */
export const ERROR_CODES = [
  // Generic (plugins/errors.ts, lib/errors.ts)
  'validation',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'stale_edit',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'cross_site',
  'internal',
  'not_ready',
  'unavailable',
  'request_timeout',
  'headers_too_large',
  // Accounts and passwords
  'invalid_email',
  'invalid_credentials',
  'role_mismatch',
  'email_taken',
  'bad_registration_code',
  'wrong_password',
  'reset_link_invalid',
  'confirm_link_invalid',
  'confirm_password_wrong',
  'password_common',
  // Notice and consent (docs/decisions/0053-notice-and-consent.md)
  'notice_not_accepted',
  'parent_email_required',
  'adult_required',
  'parent_consent_pending',
  'parent_link_invalid',
  'prisoner_consent_required',
  'prisoner_consent_withdrawn',
  'notice_consent_withdrawn',
  // The second factor (features/second-factor)
  'second_factor_required',
  'second_factor_code_invalid',
  'second_factor_code_used',
  'second_factor_enrolled',
  'second_factor_not_enrolled',
  // Family members, lawyers, requests
  'not_registered',
  'request_decided',
  'request_withdrawn',
  'not_engaged',
  'engagement_ended',
  'not_client',
  'case_exists',
  'already_requested',
  'lawyer_type_mismatch',
  // Jail and NGOs
  'no_seats',
  'ngo_changed',
  'seats_below_assigned',
  'upload_quota_exceeded',
  'storage_full',
  'too_many_uploads',
  'ngo_already_assigned',
  'no_bail_paper',
  // Uploads (lib/documents.ts)
  'no_file',
  'empty_file',
  'not_eligible',
  'prison_exists',
  'bail_undo_expired',
  // Legal-aid applications (features/legal-aid)
  'legal_aid_pending',
  'no_prison_on_record',
  'lawyer_not_verified',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes the browser makes up itself (no answer from the server). */
export const CLIENT_ERROR_CODES = ['network'] as const;
export type ClientErrorCode = ErrorCode | (typeof CLIENT_ERROR_CODES)[number];

export const isErrorCode = (code: unknown): code is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(code);
