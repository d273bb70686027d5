// The bell in the header for every signed-in role: the unread count, and a
// link to the notification list. Signed out, it shows nothing.
import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UNREAD_COUNT_CAP } from '#shared/notifications.ts';
import { useSession } from '#client/lib/use-session.ts';
import { unreadCountQuery } from './notifications.api.ts';

export const NOTIFICATIONS_PATH = '/notifications';

export function NotificationBell() {
  const { user } = useSession();
  if (!user) return null;
  return <Bell />;
}

function Bell() {
  const { t } = useTranslation('deadlines');
  const query = useQuery(unreadCountQuery);
  const unread = query.data?.unread ?? 0;
  const shown = unread >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(unread);
  return (
    <Box pos="relative">
      <ActionIcon
        component={Link}
        to={NOTIFICATIONS_PATH}
        variant="subtle"
        color="white"
        size="lg"
        aria-label={unread > 0 ? t('bell.unread', { n: unread }) : t('bell.none')}
        data-testid="notification-bell"
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
      {unread > 0 && (
        <Badge
          aria-hidden
          size="xs"
          color="red.9"
          circle={unread < 10}
          pos="absolute"
          top={-4}
          right={-6}
          style={{ pointerEvents: 'none' }}
          data-testid="notification-count"
        >
          {shown}
        </Badge>
      )}
    </Box>
  );
}
