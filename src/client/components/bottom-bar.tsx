// Home, Profile, About, Settings (Edit Profile, Logout): one bar for every role (docs/spec.md#2-screens-and-routes).
import { Group, Menu, UnstyledButton, Text, Box } from '@mantine/core';
import { IconHome, IconInfoCircle, IconSettings, IconUser } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_HOME, type Role } from '#shared/constants.ts';
import { aboutPathFor, paths } from '#client/app/paths.ts';
import { useSignOut } from '#client/features/accounts/accounts.api.ts';
import classes from './bottom-bar.module.css';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

function Item({ icon: I, label, to, active }: { icon: Icon; label: string; to: string; active: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.item} aria-current={active ? 'page' : undefined}>
      <I size={22} aria-hidden />
      <Text size="xs" fw={active ? 700 : 500}>
        {label}
      </Text>
    </UnstyledButton>
  );
}

export function BottomBar({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const items: { icon: Icon; label: string; to: string }[] = [
    { icon: IconHome, label: t('nav.home'), to: ROLE_HOME[role] },
    { icon: IconUser, label: t('nav.profile'), to: paths.profile },
    { icon: IconInfoCircle, label: t('nav.about'), to: aboutPathFor[role] },
  ];
  const settings: ReactNode = (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.item} aria-haspopup="menu">
          <IconSettings size={22} aria-hidden />
          <Text size="xs" fw={500}>
            {t('nav.settings')}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.editProfile}>
          {t('nav.editProfile')}
        </Menu.Item>
        <Menu.Item onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <Box component="nav" aria-label={t('nav.bottomBar')} className={classes.bar}>
      <Group justify="space-around" wrap="nowrap" gap={0} h="100%">
        {items.map((i) => (
          <Item key={i.to} {...i} active={pathname === i.to} />
        ))}
        {settings}
      </Group>
    </Box>
  );
}
