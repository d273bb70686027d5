// The top of every family screen: for each person in custody, where things stand and the next step
// (src/shared/family-status.ts), from the cases the screens already load. Nothing while they load or
// when there is no case yet: the screen below says so.
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { familyStatuses } from '#shared/family-status.ts';
import { todayInIndia } from '#shared/release.ts';
import { FamilyStatusLine } from '#client/components/family-status-line.tsx';
import { casesQuery } from './family.api.ts';

export function FamilyStatusPanel({ withAction = false }: { withAction?: boolean }) {
  const { t } = useTranslation('plain');
  const { data } = useQuery({ ...casesQuery, retry: false });
  const statuses = data ? familyStatuses(data.cases, todayInIndia()) : [];
  if (statuses.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('title')} data-testid="family-status-panel">
      {statuses.map((s) => (
        <FamilyStatusLine key={s.caseId} status={s} withAction={withAction} />
      ))}
    </Stack>
  );
}
