// The DLSA's desk of prisoners granted bail and still inside (docs/law.md#bail-clocks): each case's stage
// and clocks as bailToRelease counts them on the server, what is overdue, and the next step of the
// poor-prisoners fund to record, with its date.
import { Badge, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BailDeskCase, BailDeskStep } from '#shared/bail-desk.ts';
import { QueryList } from '#client/components/query-state.tsx';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useFormatDay } from '#client/lib/format-day.ts';
import { bailDeskQuery, useRecordBailStep } from './prisons.api.ts';

/** The step the DLSA records next, or none once the committee has decided (or the fund does not apply). */
function nextStep(c: BailDeskCase): BailDeskStep | null {
  if (!c.dlsaInformedOn) return 'informed';
  if (c.stage === 'fund-excluded') return null;
  if (!c.dlsaRecommendedOn) return 'recommended';
  if (!c.committeeDecidedOn) return 'committee-decided';
  return null;
}

function StepForm({ c, step, today }: { c: BailDeskCase; step: BailDeskStep; today: string }) {
  const { t } = useTranslation('prisons');
  const errorText = useErrorText();
  const record = useRecordBailStep();
  const [on, setOn] = useState(today);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate({ caseId: c.caseId, body: { step, on } });
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextInput type="date" label={t('bailDesk.on')} value={on} max={today} onChange={(e) => setOn(e.currentTarget.value)} required />
        <Button type="submit" loading={record.isPending}>
          {t(`bailDesk.record.${step}`)}
        </Button>
      </Group>
      {record.isError && (
        <Text c="red.9" size="sm" role="alert" mt={4}>
          {errorText(record.error)}
        </Text>
      )}
    </form>
  );
}

function DeskCard({ c, today }: { c: BailDeskCase; today: string }) {
  const { t } = useTranslation('prisons');
  const day = useFormatDay();
  const step = nextStep(c);
  const name = `${c.prisonerName}${c.prisonerNameLatin && c.prisonerNameLatin !== c.prisonerName ? ` (${c.prisonerNameLatin})` : ''}`;
  return (
    <Card withBorder component="li" aria-labelledby={`desk-${c.caseId}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={`desk-${c.caseId}`} style={{ overflowWrap: 'anywhere' }}>
            {name || t('bailDesk.noName')}
          </Title>
          <Badge variant="outline" color="gray.8" style={{ textTransform: 'none' }}>
            {t(`bailDesk.stage.${c.stage}`)}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {c.prisonName} · {c.caseNumber} · {t('bailDesk.granted', { date: day(c.bailGrantedOn) })}
        </Text>
        {c.bond.amount !== null && (
          <Text size="sm">{t('bailDesk.bond', { amount: c.bond.amount.toLocaleString('en-IN'), sureties: c.bond.sureties ?? 0 })}</Text>
        )}
        <List size="sm" spacing={2}>
          <List.Item>{t('bailDesk.informBy', { date: day(c.informDlsaBy) })}</List.Item>
          {c.recommendBy && <List.Item>{t('bailDesk.recommendBy', { date: day(c.recommendBy) })}</List.Item>}
          {c.committeeMeetsOn && <List.Item>{t('bailDesk.committeeOn', { date: day(c.committeeMeetsOn) })}</List.Item>}
          {c.fundsBy && <List.Item>{t('bailDesk.fundsBy', { date: day(c.fundsBy) })}</List.Item>}
          <List.Item>{t('bailDesk.revisitFrom', { date: day(c.courtMayRevisitFrom) })}</List.Item>
        </List>
        {c.overdue.length > 0 && (
          <Group gap={4}>
            {c.overdue.map((o) => (
              <Badge key={o} variant="outline" color="red.9" style={{ textTransform: 'none' }}>
                {t('bailDesk.overdue', { what: t(`bailDesk.late.${o}`) })}
              </Badge>
            ))}
          </Group>
        )}
        {step && <StepForm c={c} step={step} today={today} />}
      </Stack>
    </Card>
  );
}

export function BailDeskSection() {
  const { t } = useTranslation('prisons');
  const [after, setAfter] = useState<string | null>(null);
  const query = useQuery(bailDeskQuery(after));
  return (
    <Stack gap="xs" component="section" aria-labelledby="bail-desk-title">
      <Title order={2} size="h4" id="bail-desk-title">
        {t('bailDesk.title')}
      </Title>
      <Text size="sm">{t('bailDesk.intro')}</Text>
      <QueryList
        query={query}
        loadingLabel={t('loading')}
        items={(d) => d.cases}
        empty={<Text>{t('bailDesk.empty')}</Text>}
        listLabel={t('bailDesk.title')}
      >
        {(c) => <DeskCard key={c.caseId} c={c} today={query.data?.asOf ?? c.bailGrantedOn} />}
      </QueryList>
      {query.data?.nextCursor && (
        <Button variant="outline" onClick={() => setAfter(query.data?.nextCursor ?? null)}>
          {t('bailDesk.more')}
        </Button>
      )}
    </Stack>
  );
}
