import { Group, Title, Box } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '#client/components/language-menu.tsx';

// The bell (and its API code) loads only in the signed-in frame, not with the sign-in screen.
const NotificationBell = lazy(() =>
  import('#client/features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

export function AppHeader({ left, bell = false }: { left?: ReactNode; bell?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="header" bg="blue.9" c="white" px="sm" py={8}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {left}
          <Title order={2} size="h4" c="white">
            {t('appName')}
          </Title>
        </Group>
        <Group gap={4} wrap="nowrap">
          {bell && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <LanguageMenu />
        </Group>
      </Group>
    </Box>
  );
}
