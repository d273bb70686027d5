// /prisons: the jail authority keeps each prison's district and DLSA address,
// where "bailed but not released after 7 days" is emailed.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DEADLINE_LIMITS, SavePrisonSchema, type Prison } from '#shared/deadlines.ts';
import { Page } from '#client/components/page.tsx';
import { EmailInput } from '#client/components/contact-inputs.tsx';
import { QueryList } from '#client/components/query-state.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { schemaResolver, serverFieldErrors, type FieldTexts } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { prisonsQuery, useSavePrison } from './deadlines.api.ts';

const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export function PrisonsPage() {
  const { t } = useTranslation('deadlines');
  const query = useQuery(prisonsQuery);
  return (
    <Page title={t('prisons.title')}>
      <Text size="sm">{t('prisons.intro')}</Text>
      <PrisonForm prison={null} />
      <QueryList
        query={query}
        loadingLabel={t('prisons.loading')}
        items={(data) => data.prisons}
        empty={<Text>{t('prisons.empty')}</Text>}
        listLabel={t('prisons.list')}
      >
        {(p) => <PrisonItem key={p.id} prison={p} />}
      </QueryList>
    </Page>
  );
}

function PrisonItem({ prison }: { prison: Prison }) {
  const { t } = useTranslation('deadlines');
  const [editing, setEditing] = useState(false);
  return (
    <Card component="li" withBorder padding="sm">
      {editing ? (
        <PrisonForm prison={prison} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap={4}>
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {prison.name}
          </Title>
          <Text size="sm">{t('prisons.districtValue', { district: prison.district })}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('prisons.dlsaValue', { email: prison.dlsaEmail })}
          </Text>
          <Group>
            <Button size="xs" variant="outline" onClick={() => setEditing(true)} aria-label={t('prisons.editNamed', { name: prison.name })}>
              {t('prisons.edit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/** The screen's own wording for a missing name or district and a wrong address; other rules get their rule's text. */
const PRISON_TEXTS: FieldTexts = {
  name: { required: 'prisons.nameRequired' },
  district: { required: 'prisons.districtRequired' },
  dlsaEmail: 'prisons.emailInvalid',
};
const trimmedEmail = (v: { name: string; district: string; dlsaEmail: string }) => ({ ...v, dlsaEmail: v.dlsaEmail.trim() });

function PrisonForm({ prison, onDone }: { prison: Prison | null; onDone?: () => void }) {
  const { t } = useTranslation('deadlines');
  const errorText = useErrorText();
  const save = useSavePrison();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: prison?.name ?? '', district: prison?.district ?? '', dlsaEmail: prison?.dlsaEmail ?? '' },
    validate: schemaResolver(SavePrisonSchema, t, { texts: PRISON_TEXTS, input: trimmedEmail }),
  });
  const titleId = prison ? `prison-form-${prison.id}` : 'prison-form-new';
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      aria-labelledby={titleId}
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          { id: prison?.id ?? null, input: v },
          {
            onSuccess: (saved) => {
              notify.success(t('prisons.saved', { name: saved.name }));
              if (onDone) onDone();
              else form.reset();
            },
            onError: (err) => {
              form.setErrors(serverFieldErrors(err, t, PRISON_TEXTS, form.getValues()));
              if (err instanceof ApiError && err.code === 'prison_exists') form.setFieldError('name', errorText(err));
              notify.error(errorText(err));
            },
          },
        ),
      )}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {prison ? t('prisons.editTitle', { name: prison.name }) : t('prisons.addTitle')}
        </Title>
        <TextInput label={t('prisons.name')} required maxLength={DEADLINE_LIMITS.prisonMax} {...form.getInputProps('name')} />
        <TextInput label={t('prisons.district')} required maxLength={DEADLINE_LIMITS.districtMax} {...form.getInputProps('district')} />
        <EmailInput
          label={t('prisons.dlsaEmail')}
          autoComplete="off"
          maxLength={254}
          {...form.getInputProps('dlsaEmail')}
          onFix={(email) => form.setFieldValue('dlsaEmail', email)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('prisons.save')}
          </Button>
          {onDone && (
            <Button variant="subtle" onClick={onDone}>
              {t('hearings.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
