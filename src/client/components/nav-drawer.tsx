// The menu icon's drawer: the role's screens, profile, about, edit profile, logout.
import { Burger, Drawer, NavLink, Stack, Divider } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_HOME, type Role } from '#shared/constants.ts';
import { HOME_CARDS } from '#client/app/nav.ts';
import { aboutPathFor, paths } from '#client/app/paths.ts';
import { useSignOut } from '#client/features/accounts/accounts.api.ts';

export function NavDrawer({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('privacy');
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const links = [
    { to: ROLE_HOME[role], label: t('nav.home') },
    ...HOME_CARDS[role].map((c) => ({ to: c.to, label: t(c.titleKey) })),
    { to: paths.profile, label: t('nav.profile') },
    { to: aboutPathFor[role], label: t('nav.about') },
    { to: paths.editProfile, label: t('nav.editProfile') },
    { to: paths.privacy, label: tp('title') },
  ];
  return (
    <>
      <Burger opened={opened} onClick={toggle} color="white" size="sm" aria-label={t('nav.openMenu')} aria-expanded={opened} />
      <Drawer opened={opened} onClose={close} title={t('appName')} size="xs" closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}>
        <nav aria-label={t('nav.drawer')}>
          <Stack gap={2}>
            {links.map((l) => (
              <NavLink key={l.to + l.label} component={Link} to={l.to} label={l.label} active={pathname === l.to} onClick={close} />
            ))}
            <Divider my="xs" />
            <NavLink
              component="button"
              label={t('nav.logout')}
              onClick={() => {
                close();
                signOut.mutate();
              }}
            />
          </Stack>
        </nav>
      </Drawer>
    </>
  );
}
