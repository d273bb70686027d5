// The About screens (docs/spec.md#2-screens-and-routes): /about (lawyer), /about-family, /aboutjail — one component, the
// role's own texts; a Home button, Contact Us (the contact form overlay) and the copyright footer.
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { LIMITS, ROLE_HOME, type Role } from '#shared/constants.ts';
import { HelplineLink, LEGAL_AID_HELPLINE } from '#client/components/legal-aid-next-step.tsx';
import { Page } from '#client/components/page.tsx';
import { HomeButton } from '#client/components/home-button.tsx';
import { ContactModal } from '#client/features/contact/contact-modal.tsx';

/** A text with the legal-aid helpline in it as a link to call it. */
function withHelplineLink(text: string): ReactNode {
  const [before, ...rest] = text.split(LEGAL_AID_HELPLINE);
  if (rest.length === 0) return text;
  return (
    <>
      {before}
      <HelplineLink />
      {rest.join(LEGAL_AID_HELPLINE)}
    </>
  );
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section">
      <Title order={2} size="h4">
        {heading}
      </Title>
      <Text>{children}</Text>
    </Stack>
  );
}

function AboutPage({ forRole: role }: { forRole: Role }) {
  const { t } = useTranslation('about');
  const [contactOpen, contact] = useDisclosure(false);
  return (
    <Page title={t('title')}>
      <Section heading={t('mission.heading')}>{t('mission.body')}</Section>
      <Section heading={t('forYou.heading')}>{t(`forYou.${role}`)}</Section>
      <Section heading={t('data.heading')}>{t(`data.${role}`)}</Section>
      <Section heading={t('contact.heading')}>{withHelplineLink(t('contact.body'))}</Section>
      <Group gap="sm">
        <Button leftSection={<IconMail size={18} aria-hidden />} onClick={contact.open}>
          {t('contactUs')}
        </Button>
        <HomeButton to={ROLE_HOME[role]} />
      </Group>
      <Box component="footer" pt="lg" mt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="sm" ta="center">
          {t('footer', { year: LIMITS.copyrightYear })}
        </Text>
      </Box>
      <ContactModal opened={contactOpen} onClose={contact.close} />
    </Page>
  );
}

export const AboutFamilyPage = () => <AboutPage forRole="Family-Member" />;
export const AboutLawyerPage = () => <AboutPage forRole="Lawyer" />;
export const AboutJailPage = () => <AboutPage forRole="Jail-Authority" />;
