import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from './page.tsx';
import { HomeButton } from './home-button.tsx';

/** A screen a later release builds: says so plainly, and pretends nothing. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notAvailable.title')}>
      <Text>{t('notAvailable.body')}</Text>
      <HomeButton />
    </Page>
  );
}
