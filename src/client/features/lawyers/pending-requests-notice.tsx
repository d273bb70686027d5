// The lawyer home says how many requests wait for an answer (or more than a page's worth), with the way to them.
import { Alert, Anchor } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { pendingRequestsQuery } from './lawyers.api.ts';

export function PendingRequestsNotice() {
  const { t } = useTranslation('lawyers');
  const query = useInfiniteQuery(pendingRequestsQuery);
  if (!query.data) return null;
  // The first page only: with more waiting, "more than" the ones read (a count of them all would grow with the list).
  const count = query.data.requests.length;
  const more = query.data.nextCursor !== null;
  return (
    <Alert color={count > 0 ? 'blue' : 'gray'} variant="light" role="status" maw={720} mx="auto" mt="md" mb={-8} w="calc(100% - 1.5rem)">
      {count > 0 ? (
        <Anchor component={Link} to={paths.pendingCase} fw={700}>
          {more ? t('home.pendingMore', { count }) : t('home.pendingCount', { count })}
        </Anchor>
      ) : (
        t('home.pendingNone')
      )}
    </Alert>
  );
}
