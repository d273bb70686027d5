// The family's next step when Rihaai alone cannot take them further (docs/law.md#free-legal-aid,
// docs/law.md#bail-granted-not-released): the District Legal Services Authority and the free national
// legal-aid helpline 15100, one tap to call.
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#client/app/paths.ts';
import { telHref } from '#client/lib/tel.ts';
import { WRAPPING_LABEL } from './wrapping-label.ts';

export const LEGAL_AID_HELPLINE = '15100';

export function HelplineLink() {
  const { t } = useTranslation('legalAid');
  return (
    <Anchor href={telHref(LEGAL_AID_HELPLINE)} fw={700} aria-label={t('helpline.call')}>
      <IconPhone size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }} />
      {LEGAL_AID_HELPLINE}
    </Anchor>
  );
}

/** 'bail-accepted': what to do now bail is accepted; 'no-lawyer': how to get a free lawyer. */
export function LegalAidNextStep({ situation }: { situation: 'bail-accepted' | 'no-lawyer' }) {
  const { t } = useTranslation('legalAid');
  const { t: desk } = useTranslation('legalAidDesk');
  const titleId = useId();
  const steps =
    situation === 'bail-accepted' ? ['bail.step1', 'bail.step2', 'bail.step3'] : ['lawyer.step1', 'lawyer.step2', 'lawyer.step3'];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} bg="blue.0" data-testid={`next-step-${situation}`}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t(situation === 'bail-accepted' ? 'bail.title' : 'lawyer.title')}
        </Title>
        <Text>{t(situation === 'bail-accepted' ? 'bail.intro' : 'lawyer.intro')}</Text>
        <List type="ordered" spacing={4}>
          {steps.map((k) => (
            <List.Item key={k}>{t(k)}</List.Item>
          ))}
        </List>
        {situation === 'no-lawyer' && (
          // The application itself, from the app: the DLSA of the prison's district decides within 7 days.
          <Group>
            <Button component={Link} to={paths.legalAid} styles={WRAPPING_LABEL} data-testid="apply-legal-aid">
              {desk('nextStep.apply')}
            </Button>
          </Group>
        )}
        <Text>
          {t('helpline.text')} <HelplineLink />
        </Text>
        <Text size="xs">{t('disclaimer')}</Text>
      </Stack>
    </Card>
  );
}

/** On Case Status: after bail is accepted, or while no lawyer has accepted, the next step. */
export function FamilyNextStep({ cases }: { cases: readonly { bailAcceptedAt: string | null; lawyers: readonly { status: string }[] }[] }) {
  if (cases.length === 0) return null;
  if (cases.some((c) => c.bailAcceptedAt)) return <LegalAidNextStep situation="bail-accepted" />;
  if (!cases.some((c) => c.lawyers.some((l) => l.status === 'accepted'))) return <LegalAidNextStep situation="no-lawyer" />;
  return null;
}
