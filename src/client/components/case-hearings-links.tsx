// A link per case to its hearings and bail dates, for the lawyer's and the jail's screens.
import { Anchor, Group } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function CaseHearingsLinks({ cases }: { cases: readonly { id: string; caseNumber: string }[] }) {
  const { t } = useTranslation('deadlines');
  if (cases.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap">
      {cases.map((c) => (
        // The visible text leaves the case number out (the case is shown just above); the
        // accessible name carries it, so several cases' links stay distinct for screen readers.
        <Anchor
          key={c.id}
          component={Link}
          to={`/cases/${c.id}/hearings`}
          size="sm"
          aria-label={t('link.hearings', { caseNumber: c.caseNumber })}
        >
          <IconCalendarEvent size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t('case.titleLoading')}
        </Anchor>
      ))}
    </Group>
  );
}
