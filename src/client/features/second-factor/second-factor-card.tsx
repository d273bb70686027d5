// The profile's second-factor line: on or off, recovery codes left, and for an account without one
// (a family member: optional for them) the way to add it (docs/decisions/0043-second-factor-for-officials.md).
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { secondFactorStatusQuery } from './second-factor.api.ts';

export function SecondFactorCard() {
  const { t } = useTranslation('secondFactor');
  const { data } = useQuery(secondFactorStatusQuery);
  if (!data) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('card.title')}
        </Title>
        {data.enrolled ? (
          <Text size="sm">{t('card.on', { left: data.recoveryCodesLeft })}</Text>
        ) : (
          <>
            <Text size="sm">{t('card.off')}</Text>
            <Button component={Link} to={paths.secondFactor} variant="outline">
              {t('card.add')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
