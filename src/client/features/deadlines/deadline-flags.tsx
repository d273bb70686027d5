// On the jail dashboard: people bailed at least 7 days ago and not released
// (the DLSA is emailed), and lawyer requests unanswered for 7 days. A separate query, additive to
// the member list.
import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '#client/app/paths.ts';
import { useTranslation } from 'react-i18next';
import { deadlineFlagsQuery } from './deadlines.api.ts';
import { useFormatDay } from './format-day.ts';

export function DeadlineFlags() {
  const { t } = useTranslation('deadlines');
  const formatDay = useFormatDay();
  const query = useQuery(deadlineFlagsQuery);
  const data = query.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="deadline-flags-title" data-testid="deadline-flags">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="deadline-flags-title">
            {t('flags.title')}
          </Title>
          <Anchor component={Link} to={paths.findPrisoner} size="sm">
            {t('flags.findPrisoner')}
          </Anchor>
        </Group>
        {!data ? null : data.bailedNotReleased.length === 0 && data.overdueRequests.length === 0 ? (
          <Text size="sm">{t('flags.none')}</Text>
        ) : (
          <>
            {data.bailedNotReleased.length > 0 && (
              <>
                <Title order={3} size="h5">
                  {t('flags.bailedNotReleased')}
                </Title>
                <List size="sm" spacing={4}>
                  {data.bailedNotReleased.map((f) => (
                    <List.Item key={f.caseId}>
                      <Anchor component={Link} to={`/cases/${f.caseId}/hearings`} size="sm">
                        {t('flags.bailedItem', {
                          name: f.memberName,
                          caseNumber: f.caseNumber,
                          date: formatDay(f.bailGrantedOn),
                          prison: f.prison ?? t('flags.noPrison'),
                        })}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {data.overdueRequests.length > 0 && (
              <>
                <Title order={3} size="h5">
                  {t('flags.overdueRequests')}
                </Title>
                <List size="sm" spacing={4}>
                  {data.overdueRequests.map((f) => (
                    <List.Item key={f.requestId}>
                      {t('flags.overdueItem', { name: f.memberName, lawyer: f.lawyerName, date: formatDay(f.createdAt.slice(0, 10)) })}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {data.more && <Text size="sm">{t('flags.more')}</Text>}
          </>
        )}
      </Stack>
    </Card>
  );
}
