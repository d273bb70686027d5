import { Group, Title, Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '#client/components/language-menu.tsx';

export function AppHeader({ left }: { left?: ReactNode }) {
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
        <LanguageMenu />
      </Group>
    </Box>
  );
}
