// The court's decision that ended a case (acquitted, convicted …), for everyone who sees the case, with the day
// Rihaai deletes the case (docs/retention.md#closed-cases); whoever may change the case's facts records it or
// takes it back (POST and DELETE /api/cases/:caseId/disposal). The form opens on a tap.
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_DISPOSALS, type CaseDisposal } from '#shared/case-disposal.ts';
import { FACT_LIMITS, type CaseDetail } from '#shared/cases.ts';
import { todayInIndia } from '#shared/release.ts';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useFormatDay } from '#client/lib/format-day.ts';
import { useRecordDisposal, useTakeBackDisposal } from './cases.api.ts';

export function DisposalSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('release');
  const formatDay = useFormatDay();
  const errorText = useErrorText();
  const takeBack = useTakeBackDisposal(detail.id);
  const [open, setOpen] = useState(false);
  const d = detail.disposal;
  return (
    <section aria-labelledby="case-disposal">
      <Stack gap="xs">
        <Title order={2} size="h4" id="case-disposal">
          {t('disposal.title')}
        </Title>
        {d ? (
          <>
            <Text>{t('disposal.recorded', { outcome: t(`disposal.outcome.${d.disposal}`), date: formatDay(d.disposedOn) })}</Text>
            <Text size="sm">{t('disposal.deletedFrom', { date: formatDay(d.deletedFrom) })}</Text>
          </>
        ) : (
          <Text>{t('disposal.none')}</Text>
        )}
        {detail.can.recordDisposal &&
          (open ? (
            <DisposalForm detail={detail} onDone={() => setOpen(false)} />
          ) : (
            <Group>
              <Button variant="outline" onClick={() => setOpen(true)} styles={WRAPPING_LABEL}>
                {t('disposal.open')}
              </Button>
              {d && (
                <Button
                  variant="subtle"
                  loading={takeBack.isPending}
                  styles={WRAPPING_LABEL}
                  onClick={() =>
                    takeBack.mutate(undefined, {
                      onSuccess: () => notify.success(t('disposal.undone')),
                      onError: (err) => notify.error(errorText(err)),
                    })
                  }
                >
                  {t('disposal.undo')}
                </Button>
              )}
            </Group>
          ))}
      </Stack>
    </section>
  );
}

function DisposalForm({ detail, onDone }: { detail: CaseDetail; onDone: () => void }) {
  const { t } = useTranslation('release');
  const errorText = useErrorText();
  const record = useRecordDisposal(detail.id);
  const today = todayInIndia();
  const form = useForm<{ disposedOn: string; disposal: CaseDisposal | '' }>({
    initialValues: { disposedOn: detail.disposal?.disposedOn ?? '', disposal: detail.disposal?.disposal ?? '' },
    validate: {
      disposedOn: (v) => (!v ? t('error.generic') : v > today ? t('error.future') : null),
      disposal: (v) => (v ? null : t('error.generic')),
    },
  });
  const save = form.onSubmit(({ disposedOn, disposal }) => {
    if (!disposal) return;
    record.mutate(
      { disposedOn, disposal },
      {
        onSuccess: () => {
          notify.success(t('disposal.saved'));
          onDone();
        },
        onError: (err) => notify.error(errorText(err)),
      },
    );
  });
  return (
    <form onSubmit={save} noValidate aria-labelledby="case-disposal-form">
      <Stack gap="sm">
        <Title order={3} size="h5" id="case-disposal-form">
          {t('disposal.open')}
        </Title>
        <Text size="sm">{t('disposal.hint')}</Text>
        <TextInput
          type="date"
          min={FACT_LIMITS.earliestDate}
          max={today}
          label={t('disposal.date')}
          withAsterisk
          {...form.getInputProps('disposedOn')}
        />
        <NativeSelect
          label={t('disposal.outcome')}
          withAsterisk
          {...form.getInputProps('disposal')}
          data={[
            { value: '', label: t('disposal.choose') },
            ...CASE_DISPOSALS.map((o) => ({ value: o, label: t(`disposal.outcome.${o}`) })),
          ]}
        />
        <Group>
          <Button type="submit" loading={record.isPending} styles={WRAPPING_LABEL}>
            {t('disposal.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('disposal.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
