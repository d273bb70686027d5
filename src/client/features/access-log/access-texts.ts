// How a log row reads: the action and what it touched, in the reader's language.
import { useTranslation } from 'react-i18next';
import type { AccessAction } from '#shared/access-log.ts';

const KNOWN_WHAT = new Set([
  'case',
  'case.hearings',
  'case.facts',
  'case.bail',
  'case.bail-steps',
  'case.bail-papers',
  'case.application',
  'document',
  'member.ngo',
  'member.bail-accept',
  'prisoner.invitation',
  'prisoner.joined',
  'prisoner.left',
  'prisoner.legal-aid',
  // A family member's rights (docs/decisions/0054-rights-a-family-can-use.md).
  'member.export',
  'prisoner.details',
  'member.erased',
  'prisoner.transfer',
  'case.disposal',
]);

/** "Opened: the case", "Downloaded: a bail paper"; an unknown kind reads as "the record". */
export function useAccessText() {
  const { t } = useTranslation('accessLog');
  return (action: AccessAction, what: string) =>
    t('row.did', { action: t(`action.${action}`), what: t(KNOWN_WHAT.has(what) ? `what.${what}` : 'what.other') });
}

/** The time of a row, to the minute, in the reader's language and India's time. */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  return (iso: string) => fmt.format(new Date(iso));
}
