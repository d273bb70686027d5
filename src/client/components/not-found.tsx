import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from './page.tsx';
import { HomeButton } from './home-button.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <Text>{t('notFound.body')}</Text>
      <HomeButton />
    </Page>
  );
}
