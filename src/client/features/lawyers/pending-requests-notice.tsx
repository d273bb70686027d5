// The lawyer home says how many requests wait for an answer, with the way to them.
import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { pendingRequestsQuery } from './lawyers.api.ts';

export function PendingRequestsNotice() {
  const { t } = useTranslation('lawyers');
  const query = useQuery(pendingRequestsQuery);
  if (!query.data) return null;
  const count = query.data.requests.length;
  return (
    <Alert color={count > 0 ? 'blue' : 'gray'} variant="light" role="status" maw={720} mx="auto" mt="md" mb={-8} w="calc(100% - 1.5rem)">
      {count > 0 ? (
        <Anchor component={Link} to={paths.pendingCase} fw={700}>
          {t('home.pendingCount', { count })}
        </Anchor>
      ) : (
        t('home.pendingNone')
      )}
    </Alert>
  );
}
