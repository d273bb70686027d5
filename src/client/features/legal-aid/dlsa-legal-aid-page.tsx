// /dlsa/legal-aid: the DLSA's inbox of legal-aid applications from its district's prisoners' families,
// the nearest due day first, with NALSA's 7-day clock (docs/law.md#free-legal-aid). Accept assigns a
// verified lawyer of the district; a refusal needs a reason the family will read.
import { Badge, Button, Card, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_AID_LIMITS, type LegalAidInboxItem } from '#shared/legal-aid.ts';
import { Page } from '#client/components/page.tsx';
import { QueryList } from '#client/components/query-state.tsx';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { useFormatDay } from '#client/lib/format-day.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { legalAidInboxQuery, legalAidLawyersQuery, useDecideLegalAid } from './legal-aid.api.ts';

function Decide({ a }: { a: LegalAidInboxItem }) {
  const { t } = useTranslation('legalAidDesk');
  const errorText = useErrorText();
  const lawyers = useQuery(legalAidLawyersQuery(''));
  const decide = useDecideLegalAid();
  const [lawyerId, setLawyerId] = useState('');
  const [reason, setReason] = useState('');
  const [refusing, setRefusing] = useState(false);
  const choices = lawyers.data?.lawyers ?? [];
  const done = (key: string) => () => notify.success(t(key, { name: a.prisonerName }));
  return (
    <Stack gap="xs">
      {!refusing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (lawyerId) decide.mutate({ id: a.id, decision: { lawyerId } }, { onSuccess: done('dlsa.accepted') });
          }}
        >
          <Stack gap="xs">
            <NativeSelect
              label={t('dlsa.lawyer')}
              description={choices.length === 0 && lawyers.isSuccess ? t('dlsa.noLawyers') : t('dlsa.lawyerHint')}
              value={lawyerId}
              onChange={(e) => setLawyerId(e.currentTarget.value)}
              data={[{ value: '', label: t('dlsa.choose') }, ...choices.map((l) => ({ value: l.id, label: l.name }))]}
              required
            />
            <Group gap="xs">
              <Button type="submit" disabled={!lawyerId} loading={decide.isPending} styles={WRAPPING_LABEL}>
                {t('dlsa.accept')}
              </Button>
              <Button variant="outline" color="red.9" onClick={() => setRefusing(true)} styles={WRAPPING_LABEL}>
                {t('dlsa.refuse')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ id: a.id, decision: { reason } }, { onSuccess: done('dlsa.refused') });
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('dlsa.reason')}
              description={t('dlsa.reasonHint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              minLength={LEGAL_AID_LIMITS.reasonMin}
              maxLength={LEGAL_AID_LIMITS.reasonMax}
              required
              autosize
              minRows={2}
            />
            <Group gap="xs">
              <Button type="submit" color="red.9" loading={decide.isPending} styles={WRAPPING_LABEL}>
                {t('dlsa.sendRefusal')}
              </Button>
              <Button variant="default" onClick={() => setRefusing(false)}>
                {t('dlsa.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {decide.isError && (
        <Text c="red.9" size="sm" role="alert">
          {errorText(decide.error)}
        </Text>
      )}
    </Stack>
  );
}

function InboxCard({ a }: { a: LegalAidInboxItem }) {
  const { t } = useTranslation('legalAidDesk');
  const day = useFormatDay();
  return (
    <Card withBorder component="li" aria-labelledby={`inbox-${a.id}`} data-testid="legal-aid-inbox-item">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h5" id={`inbox-${a.id}`} style={{ overflowWrap: 'anywhere' }}>
            {a.prisonerName || t('noName')}
          </Title>
          {a.overdue ? (
            <Badge color="red.9" variant="outline" style={{ textTransform: 'none' }}>
              {t('dlsa.overdue')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {a.prisonName} · {t('dlsa.from', { name: a.applicantName, relation: a.relation || '—' })}
        </Text>
        <Text size="sm">{t('dlsa.dates', { filed: day(a.filedAt.slice(0, 10)), due: day(a.dueOn) })}</Text>
        {a.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {t('dlsa.note', { note: a.note })}
          </Text>
        )}
        <Decide a={a} />
      </Stack>
    </Card>
  );
}

export function DlsaLegalAidPage() {
  const { t } = useTranslation('legalAidDesk');
  const [after, setAfter] = useState<string | null>(null);
  const query = useQuery(legalAidInboxQuery(after));
  return (
    <Page title={t('dlsa.title')}>
      <Text>{t('dlsa.intro')}</Text>
      <QueryList
        query={query}
        loadingLabel={t('loading')}
        items={(d) => d.applications}
        empty={<Text>{t('dlsa.empty')}</Text>}
        listLabel={t('dlsa.title')}
      >
        {(a) => <InboxCard key={a.id} a={a} />}
      </QueryList>
      {query.data?.nextCursor && (
        <Button variant="outline" onClick={() => setAfter(query.data?.nextCursor ?? null)}>
          {t('more')}
        </Button>
      )}
    </Page>
  );
}
