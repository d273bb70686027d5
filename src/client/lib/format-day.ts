// Dates in the reader's language (Intl), read as calendar days (no time zone shift).
import { useTranslation } from 'react-i18next';

/** "1 July 2025" for an ISO date. */
export function useFormatDay() {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'long', timeZone: 'UTC' });
  return (iso: string) => fmt.format(new Date(`${iso}T00:00:00Z`));
}
