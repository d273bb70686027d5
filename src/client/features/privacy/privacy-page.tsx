// /privacy: the standalone privacy notice, in plain words in the person's language
// (docs/decisions/0053-notice-and-consent.md, docs/law.md#data-protection). Public: sign-up, the menu,
// the signed-out screens' footer and /fmform link here.
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NOTICE_VERSION } from '#shared/privacy.ts';
import { Page } from '#client/components/page.tsx';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { ContactModal } from '#client/features/contact/contact-modal.tsx';

const SECTIONS = ['collected', 'why', 'who', 'kept', 'withdraw', 'complain'] as const;
const WHO = ['family', 'lawyer', 'jail', 'dlsa', 'ngo', 'admin'] as const;

export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const [contactOpen, contact] = useDisclosure(false);
  return (
    <Page title={t('title')} size="sm">
      <Text size="sm" c="dimmed">
        {t('version', { version: NOTICE_VERSION })}
      </Text>
      <Text>{t('intro')}</Text>
      {SECTIONS.map((s) => (
        <Stack gap={6} key={s} component="section" aria-labelledby={`privacy-${s}`}>
          <Title order={2} size="h4" id={`privacy-${s}`}>
            {t(`${s}.title`)}
          </Title>
          <Text>{t(`${s}.body`)}</Text>
          {s === 'who' && (
            <List spacing={4}>
              {WHO.map((w) => (
                <List.Item key={w}>{t(`who.${w}`)}</List.Item>
              ))}
            </List>
          )}
          {s === 'complain' && (
            <Button variant="default" onClick={contact.open} styles={WRAPPING_LABEL}>
              {t('complain.link')}
            </Button>
          )}
        </Stack>
      ))}
      <ContactModal opened={contactOpen} onClose={contact.close} />
    </Page>
  );
}
