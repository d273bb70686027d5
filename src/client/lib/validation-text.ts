// The one mapping from a server's field detail to text in the person's language:
// a message the app has translated (a schema's own text) shows translated; anything else, such as a
// validator's English ("Too big: expected string to have <=120 characters"), becomes its rule's text.
import type { TFunction } from 'i18next';
import type { ValidationDetail } from '#shared/errors.ts';

export function validationText(detail: ValidationDetail, t: TFunction): string {
  if (t(detail.message, { ns: 'errors', defaultValue: '' }) !== '') return t(detail.message, { ns: 'errors' });
  const rule = detail.rule ?? 'invalid';
  return t(`validation.${rule}`, { ns: 'errors', limit: detail.limit ?? 0 });
}
