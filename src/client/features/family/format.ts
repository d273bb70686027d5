import { useTranslation } from 'react-i18next';

/** Date and time in the reader's language, e.g. "21 Mar 2025, 10:42". */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => fmt.format(new Date(iso));
}
