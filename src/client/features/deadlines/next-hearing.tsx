// The family's next hearing, at the top of the case status.
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nextHearingQuery } from './deadlines.api.ts';
import { useFormatDay } from './format-day.ts';

export function NextHearing() {
  const { t } = useTranslation('deadlines');
  const formatDay = useFormatDay();
  const query = useQuery(nextHearingQuery);
  const h = query.data?.hearing;
  if (!h) return null;
  return (
    <Card component="section" aria-labelledby="next-hearing-title" withBorder padding="sm" bg="blue.0" data-testid="next-hearing">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCalendarEvent aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={2}>
          <Text id="next-hearing-title" fw={700}>
            {t('next.title', { date: formatDay(h.hearingOn) })}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('next.detail', { caseNumber: h.caseNumber, court: h.court, purpose: h.purpose })}
          </Text>
          <Text size="xs">{t('disclaimer')}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
