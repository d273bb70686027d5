// /notifications: newest first, a page at a time ('Show more'), each linking to its screen; mark one or all as read.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '#shared/notifications.ts';
import { ListenButton } from '#client/components/listen-button.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryList } from '#client/components/query-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { notificationsQuery, useMarkAllRead, useMarkRead } from './notifications.api.ts';

export function NotificationsPage() {
  const { t, i18n } = useTranslation('deadlines');
  const errorText = useErrorText();
  const query = useInfiniteQuery(notificationsQuery(i18n.resolvedLanguage ?? 'en'));
  const markAll = useMarkAllRead();
  const unread = query.data?.unread ?? 0;
  return (
    <Page
      title={t('notifications.title')}
      actions={
        unread > 0 ? (
          <Group>
            <Button
              variant="outline"
              loading={markAll.isPending}
              onClick={() => markAll.mutate(undefined, { onError: (err) => notify.error(errorText(err)) })}
            >
              {t('notifications.markAll')}
            </Button>
          </Group>
        ) : null
      }
    >
      <QueryList
        query={query}
        loadingLabel={t('notifications.loading')}
        items={(data) => data.items}
        empty={<Text>{t('notifications.empty')}</Text>}
        listLabel={t('notifications.title')}
      >
        {(n) => <Item key={n.id} item={n} />}
      </QueryList>
      <ShowMore query={query} label={t('notifications.showMore')} />
    </Page>
  );
}

function Item({ item: n }: { item: Notification }) {
  const { t, i18n } = useTranslation('deadlines');
  const errorText = useErrorText();
  const markRead = useMarkRead();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(n.createdAt));
  return (
    <Card component="li" withBorder padding="sm" bg={n.read ? undefined : 'blue.0'} data-testid="notification">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Title>
          <Group gap={6}>
            {!n.read && (
              <Badge size="sm" color="blue.9">
                {t('notifications.unreadMark')}
              </Badge>
            )}
            <Text size="xs">{when}</Text>
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {n.body}
        </Text>
        <ListenButton text={`${n.title}\n${n.body}`} />
        <Group gap="sm">
          <Button component={Link} to={n.link} size="xs" onClick={() => !n.read && markRead.mutate(n.id)}>
            {t('notifications.open')}
          </Button>
          {!n.read && (
            <Button
              size="xs"
              variant="subtle"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(n.id, { onError: (err) => notify.error(errorText(err)) })}
            >
              {t('notifications.markRead')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
