// /lawyer-verification: the lawyers whose Bar Council enrolment waits to be checked, oldest first — every
// lawyer for the State-Administrator, those of its prison's district for a jail authority. Verify, or
// refuse with a reason the lawyer reads (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECTION_REASON_MAX, type AwaitingLawyer } from '#shared/lawyer-verification.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { useDistrictName, useStateName } from '#client/components/location-fields.tsx';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { awaitingLawyersQuery, useRejectLawyer, useVerifyLawyer } from './lawyer-verification.api.ts';

export function LawyerVerificationPage() {
  const { t } = useTranslation(['lawyers', 'common']);
  const query = useInfiniteQuery(awaitingLawyersQuery);
  return (
    <Page title={t('verify.title')}>
      <Text c="dimmed">{t('verify.intro')}</Text>
      {query.isPending ? (
        <Loading label={t('loading', { ns: 'common' })} />
      ) : query.isError ? (
        <QueryError error={query.error} />
      ) : query.data.lawyers.length === 0 ? (
        <Card withBorder padding="lg" role="status">
          <Text>{t('verify.none')}</Text>
        </Card>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {query.data.lawyers.map((lawyer) => (
              <AwaitingCard key={lawyer.id} lawyer={lawyer} />
            ))}
          </SimpleGrid>
          {query.hasNextPage && (
            <Button variant="light" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} w="fit-content">
              {t('verify.more')}
            </Button>
          )}
        </Stack>
      )}
    </Page>
  );
}

function AwaitingCard({ lawyer }: { lawyer: AwaitingLawyer }) {
  const { t } = useTranslation('lawyers');
  const stateName = useStateName();
  const districtName = useDistrictName();
  const errorText = useErrorText();
  const verify = useVerifyLawyer();
  const reject = useRejectLawyer();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const nameId = `awaiting-${lawyer.id}`;
  const onError = (err: Error) => notify.error(errorText(err));
  const doVerify = () =>
    verify.mutate(lawyer.id, { onSuccess: () => notify.success(t('verify.verified', { name: lawyer.name })), onError });
  const doReject = () => {
    if (!reason.trim()) {
      setReasonError(t('verify.reason.required'));
      return;
    }
    reject.mutate(
      { lawyerId: lawyer.id, body: { reason: reason.trim() } },
      { onSuccess: () => notify.success(t('verify.rejected', { name: lawyer.name })), onError },
    );
  };
  const place = lawyer.state ? `${districtName(lawyer.state, lawyer.district)}, ${stateName(lawyer.state)}` : '—';
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={nameId}>
      <Stack gap={6}>
        <Title order={2} size="h4" id={nameId}>
          {lawyer.name}
        </Title>
        <Row label={t('verify.enrolment')}>
          {lawyer.barEnrolmentNumber} · {stateName(lawyer.barCouncilState)}
        </Row>
        <Row label={t('form.courtArea')}>{lawyer.courtArea}</Row>
        <Row label={t('verify.place')}>{place}</Row>
        <Row label={t('form.email')}>
          <span style={{ overflowWrap: 'anywhere' }}>{lawyer.email}</span>
        </Row>
        <Row label={t('form.phone')}>{lawyer.phone}</Row>
        {refusing ? (
          <Stack gap="xs">
            <Textarea
              label={t('verify.reason')}
              required
              autosize
              minRows={2}
              maxLength={REJECTION_REASON_MAX}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
            />
            <Group gap="xs">
              <Button color="red.9" onClick={doReject} loading={reject.isPending}>
                {t('verify.reject.confirm')}
              </Button>
              <Button variant="default" onClick={() => setRefusing(false)}>
                {t('verify.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs" mt="xs">
            <Button onClick={doVerify} loading={verify.isPending} aria-describedby={nameId}>
              {t('verify.verify')}
            </Button>
            <Button variant="outline" color="red.9" onClick={() => setRefusing(true)} aria-describedby={nameId}>
              {t('verify.reject')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}
