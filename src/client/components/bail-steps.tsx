// Bail as one sequence (src/shared/bail-timeline.ts), the same timeline on the family's, the lawyer's and
// the jail's screens: the court's order → bonds and sureties → the jail verifies the paper (Bail-Accept) →
// released; the next step and whose it is (in plain words for the family), and the form for the step this
// user may record now (the server says which, in can.recordBail, and checks it again).
import { Badge, Button, Card, Group, NumberInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { BAIL_ORDER_LIMITS, type BailTimeline, type RecordableBailStep, type RecordBailStep } from '#shared/bail-timeline.ts';
import { CaseDeadlinesSchema, indianDay } from '#shared/deadlines.ts';
import { api } from '#client/lib/api-client.ts';
import { useFormatDay } from '#client/lib/format-day.ts';
import { serverFieldErrors } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { rootKeys } from '#client/lib/query-keys.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { WRAPPING_LABEL } from './wrapping-label.ts';

/** Mantine's error red fails axe; red.9 passes (as on the other forms). */
const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/** The same key as the hearings page's query, so a save refreshes it at once. */
const caseKey = (caseId: string) => [...rootKeys.deadlines, 'case', caseId] as const;

/** `plain`: the family's words; otherwise the lawyer's and the jail's. */
export function BailSteps({
  caseId,
  bail,
  recordable,
  plain,
  caseNumber,
}: {
  caseId: string;
  bail: Pick<BailTimeline, 'steps' | 'next' | 'order'>;
  /** The step this user may record now (the server's can.recordBail), if any. */
  recordable: RecordableBailStep | undefined;
  plain: boolean;
  caseNumber?: string;
}) {
  const { t } = useTranslation('deadlines');
  const formatDay = useFormatDay();
  const voice = plain ? 'plain' : 'pro';
  const titleId = `bail-steps-${caseId}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={plain ? 3 : 2} size="h4" id={titleId}>
          {caseNumber ? t('steps.titleCase', { caseNumber }) : t('steps.title')}
        </Title>
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {bail.steps.map((s) => {
            const isNext = bail.next?.step === s.step;
            return (
              <li key={s.step}>
                <Group gap="xs" wrap="wrap" align="baseline">
                  {/* White on green.9 or orange.9 is below 4.5:1; blue.9 and gray.8 pass (as the Verify button). */}
                  <Badge color={isNext ? 'blue.9' : 'gray.8'} variant={s.done || isNext ? 'filled' : 'outline'} tt="none">
                    {s.done ? t('steps.state.done') : isNext ? t('steps.state.next') : t('steps.state.later')}
                  </Badge>
                  <Text fw={600}>{t(`steps.name.${s.step}`)}</Text>
                  <Text size="sm">
                    {s.on ? t('steps.on', { date: formatDay(s.on) }) : s.done ? t('steps.noDate') : t(`steps.by.${s.by}`)}
                  </Text>
                </Group>
                {s.step === 'order' && s.on && <OrderDetails order={bail.order} />}
              </li>
            );
          })}
        </Stack>
        <Text fw={600} role="status">
          {bail.next ? t(`steps.${voice}.${bail.next.step}`) : t(`steps.${voice}.done`)}
        </Text>
        {recordable && <RecordStepForm caseId={caseId} step={recordable} />}
      </Stack>
    </Card>
  );
}

function OrderDetails({ order }: { order: BailTimeline['order'] }) {
  const { t, i18n } = useTranslation('deadlines');
  const money = (n: number) =>
    new Intl.NumberFormat(i18n.language || 'en', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(n);
  return (
    <Stack gap={0} pl="md">
      {order.court && <Text size="sm">{t('steps.order.court', { court: order.court })}</Text>}
      {order.bondAmount !== null && <Text size="sm">{t('steps.order.bond', { amount: money(order.bondAmount) })}</Text>}
      {order.sureties !== null && order.sureties > 0 && (
        <Text size="sm">
          {t('steps.order.sureties', { n: order.sureties, amount: order.suretyAmount !== null ? money(order.suretyAmount) : '—' })}
        </Text>
      )}
      {order.conditions && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('steps.order.conditions', { conditions: order.conditions })}
        </Text>
      )}
    </Stack>
  );
}

interface StepValues {
  on: string;
  court: string;
  bondAmount: number | string;
  sureties: number | string;
  suretyAmount: number | string;
  conditions: string;
}

const num = (v: number | string): number => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

function bodyOf(step: RecordableBailStep, v: StepValues): RecordBailStep {
  if (step !== 'order') return { step, on: v.on };
  const sureties = num(v.sureties);
  return {
    step,
    on: v.on,
    court: v.court,
    bondAmount: num(v.bondAmount),
    sureties,
    suretyAmount: sureties > 0 ? num(v.suretyAmount) : null,
    conditions: v.conditions.trim() || null,
  };
}

function RecordStepForm({ caseId, step }: { caseId: string; step: RecordableBailStep }) {
  const { t } = useTranslation('deadlines');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (body: RecordBailStep) => api('POST', `/api/cases/${caseId}/bail-steps`, CaseDeadlinesSchema, body),
    onSuccess: (data) => {
      qc.setQueryData(caseKey(caseId), data);
      // The family's case page reads the timeline with its cases (GET /api/family/cases).
      return Promise.all([qc.invalidateQueries({ queryKey: rootKeys.deadlines }), qc.invalidateQueries({ queryKey: rootKeys.family })]);
    },
  });
  const form = useForm<StepValues>({
    mode: 'controlled',
    initialValues: { on: indianDay(new Date()), court: '', bondAmount: '', sureties: 0, suretyAmount: '', conditions: '' },
  });
  const sureties = num(form.values.sureties);
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      aria-label={t(`steps.record.${step}`)}
      onSubmit={form.onSubmit((v) => {
        const body = bodyOf(step, v);
        save.mutate(body, {
          onSuccess: () => {
            form.reset();
            notify.success(t('steps.saved'));
          },
          onError: (err) => {
            form.setErrors(serverFieldErrors(err, t, {}, body));
            notify.error(errorText(err));
          },
        });
      })}
    >
      <Stack gap="sm">
        <TextInput type="date" label={t(`steps.form.on.${step}`)} required {...form.getInputProps('on')} />
        {step === 'order' && (
          <>
            <TextInput label={t('steps.form.court')} required maxLength={BAIL_ORDER_LIMITS.courtMax} {...form.getInputProps('court')} />
            <NumberInput
              label={t('steps.form.bondAmount')}
              required
              min={0}
              max={BAIL_ORDER_LIMITS.amountMax}
              allowDecimal={false}
              {...form.getInputProps('bondAmount')}
            />
            <NumberInput
              label={t('steps.form.sureties')}
              required
              min={0}
              max={BAIL_ORDER_LIMITS.suretiesMax}
              allowDecimal={false}
              {...form.getInputProps('sureties')}
            />
            {sureties > 0 && (
              <NumberInput
                label={t('steps.form.suretyAmount')}
                required
                min={0}
                max={BAIL_ORDER_LIMITS.amountMax}
                allowDecimal={false}
                {...form.getInputProps('suretyAmount')}
              />
            )}
            <Textarea
              label={t('steps.form.conditions')}
              autosize
              minRows={2}
              maxLength={BAIL_ORDER_LIMITS.conditionsMax}
              {...form.getInputProps('conditions')}
            />
          </>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} styles={WRAPPING_LABEL}>
            {t(`steps.record.${step}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
