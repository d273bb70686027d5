// The family case page's record of each followed prisoner's consent: which, when, by whom; withdrawn in
// one tap, given again (docs/decisions/0053-notice-and-consent.md).
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrisonerConsent, PrisonerConsentBasis } from '#shared/privacy.ts';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { ConsentChoice } from './consent-choice.tsx';
import { prisonerConsentsQuery, useGivePrisonerConsent, useWithdrawPrisonerConsent } from './privacy.api.ts';

function useDay() {
  const { i18n } = useTranslation();
  return (iso: string) => new Date(iso).toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'long' });
}

function OnePrisoner({ p }: { p: PrisonerConsent }) {
  const { t } = useTranslation('privacy');
  const day = useDay();
  const errorText = useErrorText();
  const withdraw = useWithdrawPrisonerConsent();
  const give = useGivePrisonerConsent();
  const [basis, setBasis] = useState<PrisonerConsentBasis | ''>('');
  const [giving, setGiving] = useState(false);
  const onError = (err: unknown) => notify.error(errorText(err));
  return (
    <Card withBorder padding="md" component="section" aria-label={t('case.title', { name: p.prisonerName })}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('case.title', { name: p.prisonerName })}
        </Title>
        {p.basis && p.recordedAt ? (
          <Text size="sm">{t('case.recorded', { basis: t(`basis.${p.basis}`), date: day(p.recordedAt), name: p.recordedBy ?? '' })}</Text>
        ) : (
          <Text size="sm">{t('case.notRecorded')}</Text>
        )}
        {p.withdrawnAt ? (
          <Text size="sm" fw={600} role="status">
            {t('case.withdrawn', { date: day(p.withdrawnAt), name: p.withdrawnBy ?? '' })}
          </Text>
        ) : null}
        {!p.withdrawnAt && p.basis ? (
          <Group>
            <Button
              variant="default"
              color="red"
              loading={withdraw.isPending}
              styles={WRAPPING_LABEL}
              onClick={() => withdraw.mutate(p.prisonerId, { onError })}
            >
              {t('case.withdraw')}
            </Button>
          </Group>
        ) : giving ? (
          <Stack gap="xs">
            <ConsentChoice name={`consent-${p.prisonerId}`} value={basis} onChange={setBasis} />
            <Button
              disabled={!basis}
              loading={give.isPending}
              styles={WRAPPING_LABEL}
              onClick={() => basis && give.mutate({ prisonerId: p.prisonerId, basis }, { onError, onSuccess: () => setGiving(false) })}
            >
              {t('case.save')}
            </Button>
          </Stack>
        ) : (
          <Group>
            <Button variant="default" styles={WRAPPING_LABEL} onClick={() => setGiving(true)}>
              {t('case.give')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function PrisonerConsentPanel() {
  const { data } = useQuery(prisonerConsentsQuery);
  if (!data?.prisoners.length) return null;
  return (
    <Stack gap="sm">
      {data.prisoners.map((p) => (
        <OnePrisoner key={p.prisonerId} p={p} />
      ))}
    </Stack>
  );
}
