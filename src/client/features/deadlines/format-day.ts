import { useTranslation } from 'react-i18next';

/** A calendar date (YYYY-MM-DD) spelled out in the page's language. */
export function useFormatDay() {
  const { i18n } = useTranslation();
  return (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(d.getTime())) return day;
    return new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  };
}
