import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '#client/app/layouts/app-header.tsx';
import { Page } from './page.tsx';
import { HomeButton } from './home-button.tsx';

/** An unknown address: the app's header (name, language) stays, so the person is still "in" Rihaai. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppHeader />
      <Box component="main">
        <Page title={t('notFound.title')}>
          <Text>{t('notFound.body')}</Text>
          <HomeButton />
        </Page>
      </Box>
    </>
  );
}
