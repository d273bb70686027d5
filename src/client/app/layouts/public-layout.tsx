import { Anchor, Box, Center } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths.ts';
import { AppHeader } from './app-header.tsx';

export function PublicLayout() {
  return (
    <>
      <AppHeader />
      <Box component="main" pb="xl">
        <Outlet />
      </Box>
      <PrivacyFooter />
    </>
  );
}

/** The privacy notice from every signed-out screen (docs/decisions/0053-notice-and-consent.md). */
function PrivacyFooter() {
  const { t } = useTranslation('accounts');
  return (
    <Center component="footer" pb="md">
      <Anchor component={Link} to={paths.privacy} size="sm">
        {t('privacy.link')}
      </Anchor>
    </Center>
  );
}
