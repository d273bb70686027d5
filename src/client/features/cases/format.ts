// Dates and punishments in the reader's language (Intl does the plurals).
import { useTranslation } from 'react-i18next';

export { useFormatDay } from '#client/lib/format-day.ts';

/** The same in a given language (a text read aloud in another language than the screen's). */
export function formatDay(lang: string, iso: string) {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** "3 years", "1 year 6 months", "life imprisonment", "death or life imprisonment". */
export function useFormatMaximum() {
  const { t, i18n } = useTranslation('release');
  const lang = i18n.language || 'en';
  const unit = (u: 'year' | 'month', n: number) => new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'long' }).format(n);
  return (o: { maxMonths: number | null; life: boolean; death: boolean }) => {
    if (o.death) return t('max.death');
    if (o.life) return t('max.life');
    const m = o.maxMonths ?? 0;
    if (m === 0) return t('max.none');
    const years = Math.floor(m / 12);
    const months = m % 12;
    return [years ? unit('year', years) : '', months ? unit('month', months) : ''].filter(Boolean).join(' ');
  };
}

/** Date and time in the reader's language, e.g. "21 Mar 2025, 10:42". */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => fmt.format(new Date(iso));
}
