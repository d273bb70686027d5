// /cases/:caseId/hearings: the accepted lawyer and the jail authority record hearing dates, court, purpose
// and outcome; the bail sequence (components/bail-steps.tsx) with the step this user records; the jail
// also keeps the prison and corrects the bail dates.
import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CreateHearingSchema,
  DEADLINE_LIMITS,
  HearingSchema,
  SaveBailSchema,
  UpdateHearingSchema,
  type CaseDeadlines,
  type Hearing,
  type SaveBail,
  type UpdateHearing,
} from '#shared/deadlines.ts';
import { BailSteps } from '#client/components/bail-steps.tsx';
import { BailPaperLinks } from '#client/features/cases/bail-money-route.tsx';
import { Page } from '#client/components/page.tsx';
import { useSession } from '#client/lib/use-session.ts';
import { StaleEditNotice } from '#client/components/stale-edit-notice.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { QueryState } from '#client/components/query-state.tsx';
import { schemaResolver, serverFieldErrors, type FieldTexts } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { caseDeadlinesQuery, deadlineKeys, useAddHearing, useSaveBail, useUpdateHearing } from './deadlines.api.ts';
import { useFormatDay } from './format-day.ts';

/** Mantine's error red fails axe; red.9 passes (as on the NGO form). */
const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export function CaseHearingsPage() {
  const { caseId = '' } = useParams();
  const { t } = useTranslation('deadlines');
  const query = useQuery(caseDeadlinesQuery(caseId));
  return (
    <Page title={query.data ? t('case.title', { caseNumber: query.data.case.caseNumber }) : t('case.titleLoading')}>
      <QueryState query={query} loadingLabel={t('case.loading')}>
        {(data) => <CaseView data={data} />}
      </QueryState>
    </Page>
  );
}

function CaseView({ data }: { data: CaseDeadlines }) {
  const { t } = useTranslation('deadlines');
  const { user } = useSession();
  return (
    <Stack gap="md">
      <Text>{t('case.member', { name: data.case.memberName })}</Text>
      <Text size="sm">{t('disclaimer')}</Text>
      <BailSteps caseId={data.case.id} bail={data.bail} recordable={data.can.recordBail[0]} plain={false} />
      <BailPaperLinks
        caseId={data.case.id}
        role={user?.role}
        bailGrantedOn={data.case.bailGrantedOn}
        bondsFurnished={data.bail.steps.some((s) => s.step === 'furnished' && s.done)}
        releasedOn={data.case.releasedOn}
      />
      {data.can.edit && user?.role === 'Jail-Authority' && <BailCard data={data} />}
      <Card withBorder padding="md" component="section" aria-labelledby="hearings-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="hearings-title">
            {t('hearings.title')}
          </Title>
          {data.hearings.length === 0 ? (
            <Text size="sm">{t('hearings.none')}</Text>
          ) : (
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.hearings.map((h) => (
                <HearingItem key={h.id} caseId={data.case.id} hearing={h} canEdit={data.can.edit} />
              ))}
            </Stack>
          )}
          {data.can.edit && <AddHearingForm caseId={data.case.id} />}
        </Stack>
      </Card>
    </Stack>
  );
}

const HEARING_TEXTS: FieldTexts = {
  hearingOn: { required: 'form.dateRequired' },
  court: { required: 'form.courtRequired' },
  purpose: { required: 'form.purposeRequired' },
};

function bailOf(v: { prison: string; bailGrantedOn: string; releasedOn: string }): SaveBail {
  return { prison: v.prison.trim() || null, bailGrantedOn: v.bailGrantedOn || null, releasedOn: v.releasedOn || null };
}

interface HearingValues {
  hearingOn: string;
  court: string;
  purpose: string;
  outcome: string;
}

/** The request: the form's values and the hearing's version they were loaded at. */
function hearingOf(v: HearingValues, version: number): UpdateHearing {
  return { hearingOn: v.hearingOn, court: v.court, purpose: v.purpose, outcome: v.outcome.trim() || null, version };
}

const valuesOf = (h: Hearing): HearingValues => ({ hearingOn: h.hearingOn, court: h.court, purpose: h.purpose, outcome: h.outcome ?? '' });

/** The hearing as saved now when `err` is a stale save (409 stale_edit); undefined otherwise. */
function staleHearingOf(err: unknown): Hearing | undefined {
  if (!(err instanceof ApiError) || err.code !== 'stale_edit') return undefined;
  const parsed = HearingSchema.safeParse(err.current);
  return parsed.success ? parsed.data : undefined;
}

function BailCard({ data }: { data: CaseDeadlines }) {
  const { t } = useTranslation('deadlines');
  const errorText = useErrorText();
  const save = useSaveBail(data.case.id);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      prison: data.case.prison ?? '',
      bailGrantedOn: data.case.bailGrantedOn ?? '',
      releasedOn: data.case.releasedOn ?? '',
    },
    validate: schemaResolver(SaveBailSchema, t, { input: bailOf }),
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="bail-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="bail-title">
          {t('bail.title')}
        </Title>
        <Text size="sm">{t('bail.correctHelp')}</Text>
        <form
          noValidate
          style={ERROR_CONTRAST}
          onSubmit={form.onSubmit((v) =>
            save.mutate(bailOf(v), {
              onSuccess: () => notify.success(t('bail.saved')),
              onError: (err) => {
                form.setErrors(serverFieldErrors(err, t, {}, bailOf(v)));
                notify.error(errorText(err));
              },
            }),
          )}
        >
          <Stack gap="sm">
            <TextInput
              label={t('bail.prison')}
              description={t('bail.prisonHelp')}
              maxLength={DEADLINE_LIMITS.prisonMax}
              {...form.getInputProps('prison')}
            />
            <Group grow wrap="wrap" align="flex-start">
              <TextInput type="date" label={t('bail.grantedOn')} miw={150} {...form.getInputProps('bailGrantedOn')} />
              <TextInput type="date" label={t('bail.releasedOn')} miw={150} {...form.getInputProps('releasedOn')} />
            </Group>
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('bail.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function HearingItem({ caseId, hearing: h, canEdit }: { caseId: string; hearing: Hearing; canEdit: boolean }) {
  const { t } = useTranslation('deadlines');
  const formatDay = useFormatDay();
  const [editing, setEditing] = useState(false);
  return (
    <Card component="li" withBorder padding="sm" data-testid="hearing">
      <Stack gap={4}>
        <Text fw={700}>{formatDay(h.hearingOn)}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('hearings.courtPurpose', { court: h.court, purpose: h.purpose })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {h.outcome ? t('hearings.outcome', { outcome: h.outcome }) : t('hearings.noOutcome')}
        </Text>
        {canEdit &&
          (editing ? (
            <EditHearingForm caseId={caseId} hearing={h} onDone={() => setEditing(false)} />
          ) : (
            <Group>
              <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
                {h.outcome ? t('hearings.edit') : t('hearings.recordOutcome')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Card>
  );
}

function EditHearingForm({ caseId, hearing: h, onDone }: { caseId: string; hearing: Hearing; onDone: () => void }) {
  const { t } = useTranslation('deadlines');
  const errorText = useErrorText();
  const formatDay = useFormatDay();
  const qc = useQueryClient();
  const update = useUpdateHearing(caseId);
  // The hearing as this form was loaded: its version goes with the save; someone else's save since is a 409.
  const [loaded, setLoaded] = useState(h);
  const [stale, setStale] = useState<{ error: unknown; current: Hearing } | null>(null);
  const form = useForm<HearingValues>({
    mode: 'controlled',
    initialValues: valuesOf(h),
    validate: schemaResolver(UpdateHearingSchema, t, { texts: HEARING_TEXTS, input: (v: HearingValues) => hearingOf(v, 0) }),
  });
  const loadCurrent = (current: Hearing) => {
    form.setValues(valuesOf(current));
    form.clearErrors();
    setLoaded(current);
    setStale(null);
    void qc.invalidateQueries({ queryKey: deadlineKeys.case(caseId) });
  };
  const staleRows = (current: Hearing) => {
    const show = (field: keyof HearingValues, label: string, value: string) =>
      (loaded[field] ?? '') === (current[field] ?? '') ? [] : [{ label, value }];
    return [
      ...show('hearingOn', t('form.date'), formatDay(current.hearingOn)),
      ...show('court', t('form.court'), current.court),
      ...show('purpose', t('form.purpose'), current.purpose),
      ...show('outcome', t('form.outcome'), current.outcome ?? t('hearings.noOutcome')),
    ];
  };
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          { id: h.id, input: hearingOf(v, loaded.version) },
          {
            onSuccess: () => {
              notify.success(t('hearings.saved'));
              onDone();
            },
            onError: (err) => {
              const current = staleHearingOf(err);
              // Shown in the form with the values saved now, not as a passing notice.
              if (current) return setStale({ error: err, current });
              form.setErrors(serverFieldErrors(err, t, HEARING_TEXTS, v));
              notify.error(errorText(err));
            },
          },
        ),
      )}
    >
      <Stack gap="xs" mt="xs">
        <TextInput type="date" label={t('form.date')} required {...form.getInputProps('hearingOn')} />
        <TextInput label={t('form.court')} required maxLength={DEADLINE_LIMITS.courtMax} {...form.getInputProps('court')} />
        <TextInput label={t('form.purpose')} required maxLength={DEADLINE_LIMITS.purposeMax} {...form.getInputProps('purpose')} />
        <Textarea
          label={t('form.outcome')}
          autosize
          minRows={2}
          maxLength={DEADLINE_LIMITS.outcomeMax}
          {...form.getInputProps('outcome')}
        />
        {stale && (
          <StaleEditNotice message={errorText(stale.error)} rows={staleRows(stale.current)} onLoad={() => loadCurrent(stale.current)} />
        )}
        <Group>
          <Button type="submit" size="xs" loading={update.isPending}>
            {t('hearings.save')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('hearings.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddHearingForm({ caseId }: { caseId: string }) {
  const { t } = useTranslation('deadlines');
  const errorText = useErrorText();
  const add = useAddHearing(caseId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { hearingOn: '', court: '', purpose: '' },
    validate: schemaResolver(CreateHearingSchema, t, { texts: HEARING_TEXTS }),
  });
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      aria-labelledby="add-hearing-title"
      onSubmit={form.onSubmit((v) =>
        add.mutate(v, {
          onSuccess: () => {
            notify.success(t('hearings.added'));
            form.reset();
          },
          onError: (err) => {
            form.setErrors(serverFieldErrors(err, t, HEARING_TEXTS, v));
            notify.error(errorText(err));
          },
        }),
      )}
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id="add-hearing-title">
          {t('hearings.add')}
        </Title>
        <TextInput type="date" label={t('form.date')} required {...form.getInputProps('hearingOn')} />
        <TextInput label={t('form.court')} required maxLength={DEADLINE_LIMITS.courtMax} {...form.getInputProps('court')} />
        <TextInput label={t('form.purpose')} required maxLength={DEADLINE_LIMITS.purposeMax} {...form.getInputProps('purpose')} />
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('hearings.addButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
