// A facts save refused because someone else saved the facts first (409 stale_edit): the facts as saved
// now, where they differ from what this form was loaded with, in the reader's language.
import { useTranslation } from 'react-i18next';
import { changedFacts, CaseFactsCurrentSchema, type CaseFacts, type CaseFactsCurrent } from '#shared/cases.ts';
import { StaleEditNotice } from '#client/components/stale-edit-notice.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useFormatDay } from './format.ts';

/** The facts as saved now when `err` is a stale facts save; undefined for any other error. */
export function staleFactsOf(err: unknown): CaseFactsCurrent | undefined {
  if (!(err instanceof ApiError) || err.code !== 'stale_edit') return undefined;
  const parsed = CaseFactsCurrentSchema.safeParse(err.current);
  return parsed.success ? parsed.data : undefined;
}

interface Props {
  error: unknown;
  /** The facts the form was loaded with: only what changed since is listed. */
  loaded: CaseFacts;
  current: CaseFactsCurrent;
  onLoad: () => void;
}

export function FactsStaleNotice({ error, loaded, current, onLoad }: Props) {
  const { t } = useTranslation('release');
  const errorText = useErrorText();
  const formatDay = useFormatDay();
  const facts = current.facts;
  const value = (field: keyof CaseFacts): string => {
    switch (field) {
      case 'prisonerRelation':
        return facts.prisonerRelation ? t(`relation.${facts.prisonerRelation}`) : '';
      case 'custodySince':
      case 'chargesheetFiledOn':
      case 'chargesFramedOn': {
        const day = facts[field];
        return day ? formatDay(day) : '';
      }
      case 'offences':
      case 'chargesFramed': {
        const list = facts[field];
        return list.length === 0
          ? t(field === 'offences' ? 'facts.noOffence' : 'facts.noCharge')
          : list.map((o) => (o.code === 'other' ? (o.label ?? '') : t(`offence.${o.code}`))).join(', ');
      }
      case 'firstOffence':
        return facts.firstOffence === null ? t('facts.unknown') : facts.firstOffence ? t('facts.yes') : t('facts.no');
      default:
        return String(facts[field] ?? '');
    }
  };
  const rows = changedFacts(loaded, facts).map((field) => ({ label: t(`field.${field}`), value: value(field) }));
  const by = current.changedBy?.name
    ? current.changedBy.role
      ? `${current.changedBy.name} (${t(`role.${current.changedBy.role}`)})`
      : current.changedBy.name
    : undefined;
  return <StaleEditNotice message={errorText(error)} rows={rows} by={by} onLoad={onLoad} />;
}
