// /legal-aid: a family applies for free legal aid for the person in custody (docs/law.md#free-legal-aid)
// and follows its applications: the DLSA's 7-day clock, the lawyer it assigned, or its reason for refusing.
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_AID_LIMITS, type FamilyLegalAid } from '#shared/legal-aid.ts';
import { HelplineLink } from '#client/components/legal-aid-next-step.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryList, QueryState } from '#client/components/query-state.tsx';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { useFormatDay } from '#client/lib/format-day.ts';
import { notify } from '#client/lib/notify.ts';
import { telHref } from '#client/lib/tel.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { familyLegalAidQuery, useFileLegalAid } from './legal-aid.api.ts';

// Filled, white on the darkest shades: at least 4.5:1 (green.9 is 4.3:1, so teal.9 for accepted).
const STATUS_COLOR = { pending: 'blue.9', accepted: 'teal.9', refused: 'red.9' } as const;

function ApplicationCard({ a }: { a: FamilyLegalAid }) {
  const { t } = useTranslation('legalAidDesk');
  const day = useFormatDay();
  return (
    <Card withBorder component="li" aria-labelledby={`aid-${a.id}`} data-testid="legal-aid-application">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={`aid-${a.id}`} style={{ overflowWrap: 'anywhere' }}>
            {a.prisonerName || t('noName')}
          </Title>
          <Badge variant="filled" color={STATUS_COLOR[a.status]} style={{ textTransform: 'none' }}>
            {t(`status.${a.status}`)}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('family.filed', { date: day(a.filedAt.slice(0, 10)), prison: a.prisonName })}
        </Text>
        {a.status === 'pending' && <Text size="sm">{t('family.dueBy', { date: day(a.dueOn) })}</Text>}
        {a.overdue && (
          <Alert color="orange.9" variant="outline" title={t('family.lateTitle')}>
            {t('family.late')} <HelplineLink />
          </Alert>
        )}
        {a.lawyer && (
          <Text>
            {t('family.lawyer', { name: a.lawyer.name })}{' '}
            {a.lawyer.phone && (
              <Anchor href={telHref(a.lawyer.phone)} fw={700}>
                {a.lawyer.phone}
              </Anchor>
            )}
          </Text>
        )}
        {a.refusalReason && <Text style={{ overflowWrap: 'anywhere' }}>{t('family.reason', { reason: a.refusalReason })}</Text>}
        {(a.dlsaName || a.dlsaPhone) && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('family.dlsa', { name: a.dlsaName || a.district })}{' '}
            {a.dlsaPhone && <Anchor href={telHref(a.dlsaPhone)}>{a.dlsaPhone}</Anchor>}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function ApplyForm({ prisoners }: { prisoners: readonly { id: string; name: string; prisonName: string | null }[] }) {
  const { t } = useTranslation('legalAidDesk');
  const errorText = useErrorText();
  const file = useFileLegalAid();
  const [prisonerId, setPrisonerId] = useState(prisoners[0]?.id ?? '');
  const [note, setNote] = useState('');
  if (prisoners.length === 0) return <Text>{t('family.noPrisoner')}</Text>;
  return (
    <Card withBorder component="section" aria-labelledby="apply-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          file.mutate(
            { prisonerId, note },
            {
              onSuccess: () => {
                setNote('');
                notify.success(t('family.sent'));
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="apply-title">
            {t('family.applyTitle')}
          </Title>
          <NativeSelect
            label={t('family.person')}
            value={prisonerId}
            onChange={(e) => setPrisonerId(e.currentTarget.value)}
            data={prisoners.map((p) => ({
              value: p.id,
              label: p.prisonName ? `${p.name || t('noName')} — ${p.prisonName}` : p.name || t('noName'),
            }))}
          />
          <Textarea
            label={t('family.note')}
            description={t('family.noteHint')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={LEGAL_AID_LIMITS.noteMax}
            autosize
            minRows={2}
          />
          {file.isError && (
            <Text c="red.9" role="alert">
              {errorText(file.error)}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={file.isPending} styles={WRAPPING_LABEL}>
              {t('family.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function FamilyLegalAidPage() {
  const { t } = useTranslation('legalAidDesk');
  const query = useQuery(familyLegalAidQuery);
  return (
    <Page title={t('family.title')}>
      <Text>{t('family.intro')}</Text>
      <Text size="sm">
        {t('helpline')} <HelplineLink />
      </Text>
      <QueryState query={query} loadingLabel={t('loading')}>
        {(d) => <ApplyForm prisoners={d.prisoners} />}
      </QueryState>
      <Title order={2} size="h4">
        {t('family.listTitle')}
      </Title>
      <QueryList
        query={query}
        loadingLabel={t('loading')}
        items={(d) => d.applications}
        empty={<Text>{t('family.none')}</Text>}
        listLabel={t('family.listTitle')}
      >
        {(a) => <ApplicationCard key={a.id} a={a} />}
      </QueryList>
      <Text size="xs">{t('disclaimer')}</Text>
    </Page>
  );
}
