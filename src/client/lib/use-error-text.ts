import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

/** An API error as text in the user's language: by code, falling back to the server's English. */
export function useErrorText() {
  const { t } = useTranslation('errors');
  return (err: unknown): string => {
    if (err instanceof ApiError) {
      if (err.code === 'validation' && err.details[0]) return t(err.details[0].message, { defaultValue: err.details[0].message });
      return t(err.code, { defaultValue: err.message });
    }
    return t('internal', { defaultValue: 'Something went wrong. Please try again.' });
  };
}
