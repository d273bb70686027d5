// The three role homes: cards to the role's screens (docs/spec.md#2-screens-and-routes Home screens).
import { Card, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useLayoutEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/constants.ts';
import { HOME_CARDS } from '#client/app/nav.ts';
import { Page } from '#client/components/page.tsx';
import { useSession } from '#client/lib/use-session.ts';
import { AssistantWidget } from '#client/features/assistant/assistant-widget.tsx';
import { firstScreenDone } from '#client/first-screen/take-over.ts';
import classes from './home-page.module.css';

/** `lead`: what the role's home opens with (the family's status per person in custody). */
export function HomePage({ role, lead }: { role: Role; lead?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  // The app now draws what the server drew in the page (src/client/first-screen): it takes its place.
  useLayoutEffect(() => firstScreenDone(), []);
  return (
    <Page title={t('home.welcome', { name: user?.name ?? '' })} lead={lead}>
      <Text c="dimmed">{t(`home.intro.${role}`)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {HOME_CARDS[role].map((card) => (
          <UnstyledButton key={card.to} component={Link} to={card.to} className={classes.card}>
            <Card withBorder padding="lg" h="100%">
              <Title order={2} size="h4" mb={4}>
                {t(card.titleKey)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(card.descriptionKey)}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <AssistantWidget role={role} />
    </Page>
  );
}
