import type { TFunction } from 'i18next';
import { ApiError } from '#client/lib/api-client.ts';
import { validationText } from '#client/lib/validation-text.ts';

/**
 * The server's field details as form errors, by field. The client checks the same rules first, so
 * this only shows when the two disagree; the texts go through the errors namespace like other API errors.
 */
export function fieldErrorsOf(err: unknown, t: TFunction): Record<string, string> {
  if (!(err instanceof ApiError) || err.code !== 'validation') return {};
  return Object.fromEntries(err.details.map((d) => [d.path, validationText(d, t)]));
}
