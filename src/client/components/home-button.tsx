import { Button } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_HOME } from '#shared/constants.ts';
import { useSession } from '#client/lib/use-session.ts';

/** 'Home' to the signed-in user's role home (or a given path). */
export function HomeButton({ to, label }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const target = to ?? (user ? ROLE_HOME[user.role] : '/');
  return (
    <Button component={Link} to={target} variant="light" leftSection={<IconHome size={18} aria-hidden />} w="fit-content">
      {label ?? t('nav.home')}
    </Button>
  );
}
