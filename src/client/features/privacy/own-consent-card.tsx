// The profile's card of the member's own consent to the privacy notice: withdrawn in one tap, given
// again by ticking the notice's box (docs/decisions/0053-notice-and-consent.md).
import { Anchor, Button, Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { ownConsentQuery, useGiveOwnConsent, useWithdrawOwnConsent } from './privacy.api.ts';

export function OwnConsentCard() {
  const { t, i18n } = useTranslation('privacy');
  const errorText = useErrorText();
  const { data } = useQuery(ownConsentQuery);
  const withdraw = useWithdrawOwnConsent();
  const give = useGiveOwnConsent();
  const [ticked, setTicked] = useState(false);
  if (!data) return null;
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'long' });
  const onError = (err: unknown) => notify.error(errorText(err));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="own-consent">
      <Stack gap="sm">
        <Title order={2} size="h4" id="own-consent">
          {t('own.title')}
        </Title>
        {data.withdrawnAt ? (
          <>
            <Text size="sm" fw={600} role="status">
              {t('own.withdrawn', { date: day(data.withdrawnAt) })}
            </Text>
            <Checkbox label={t('own.accept')} checked={ticked} onChange={(e) => setTicked(e.currentTarget.checked)} />
            <Button disabled={!ticked} loading={give.isPending} styles={WRAPPING_LABEL} onClick={() => give.mutate(undefined, { onError })}>
              {t('own.give')}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">
              {data.acceptedAt && data.noticeVersion
                ? t('own.accepted', { version: data.noticeVersion, date: day(data.acceptedAt) })
                : t('own.notRecorded')}
            </Text>
            <Text size="sm">{t('own.whatStops')}</Text>
            <Button
              variant="default"
              loading={withdraw.isPending}
              styles={WRAPPING_LABEL}
              onClick={() => withdraw.mutate(undefined, { onError, onSuccess: () => setTicked(false) })}
            >
              {t('own.withdraw')}
            </Button>
          </>
        )}
        <Anchor component={Link} to={paths.privacy} size="sm">
          {t('readNotice')}
        </Anchor>
      </Stack>
    </Card>
  );
}
