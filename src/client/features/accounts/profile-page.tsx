import { Avatar, Card, Stack, Text, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, ROLES, ROLE_HOME } from '#shared/constants.ts';
import { Page } from '#client/components/page.tsx';
import { HomeButton } from '#client/components/home-button.tsx';
import { Loading } from '#client/components/loading.tsx';
import { notify } from '#client/lib/notify.ts';
import { profileQuery } from './accounts.api.ts';
import { SecondFactorCard } from '#client/features/second-factor/second-factor-card.tsx';
import { FamilyRightsCards } from '#client/features/my-data/rights-cards.tsx';
import { OwnConsentCard } from '#client/features/privacy/own-consent-card.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

export function ProfilePage() {
  const { t } = useTranslation('accounts');
  const { data: user, isLoading } = useQuery(profileQuery);
  const knownRole = user ? (ROLES as readonly string[]).includes(user.role) : true;
  useEffect(() => {
    if (!knownRole) notify.error(t('profile.unknownRole'));
  }, [knownRole, t]);
  if (isLoading || !user) return <Loading label={t('loading', { ns: 'common' })} />;
  return (
    <Page title={t('profile.title')} size="sm">
      <Card withBorder padding="lg">
        <Stack align="center" gap="sm">
          <Avatar
            size={LIMITS.profileImagePx}
            radius={LIMITS.profileImagePx}
            color="blue"
            alt={t('profile.avatarAlt', { name: user.name })}
          >
            {initials(user.name)}
          </Avatar>
          <Text fw={700} size="xl">
            {user.name}
          </Text>
          <Group gap={6}>
            <Text c="dimmed">{t('email.label')}:</Text>
            <Text>{user.email}</Text>
          </Group>
          <Group gap={6}>
            <Text c="dimmed">{t('role.label')}:</Text>
            <Text>{knownRole ? t(`role.${user.role}`) : user.role}</Text>
          </Group>
        </Stack>
      </Card>
      <SecondFactorCard />
      {user.role === 'Family-Member' && <FamilyRightsCards />}
      <OwnConsentCard />
      <HomeButton to={knownRole ? ROLE_HOME[user.role] : '/'} />
    </Page>
  );
}
