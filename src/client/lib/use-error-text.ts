import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';
import { validationText } from './validation-text.ts';

/** An API error as text in the user's language: by code, falling back to the server's English. */
export function useErrorText() {
  const { t } = useTranslation('errors');
  return (err: unknown): string => {
    if (err instanceof ApiError) {
      if (err.code === 'validation' && err.details[0]) return validationText(err.details[0], t);
      return t(err.code, { defaultValue: err.message });
    }
    return t('internal', { defaultValue: 'Something went wrong. Please try again.' });
  };
}
