// The family member's rights on their profile (docs/decisions/0054-rights-a-family-can-use.md): a
// link to /my-data, the nominee, and erasure, refused with its reasons while a case it serves is pending.
import { Alert, Button, Checkbox, Group, List, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NomineeInputSchema, type Nominee } from '#shared/my-data.ts';
import { paths } from '#client/app/paths.ts';
import { PhoneInput } from '#client/components/contact-inputs.tsx';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { erasureQuery, nomineeQuery, useEraseAccount, useRemoveNominee, useSaveNominee } from './my-data.api.ts';

// Mantine's error red (red.6) fails axe on white; red.9 passes.
const errorContrast = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export function FamilyRightsCards() {
  return (
    <>
      <MyDataCard />
      <NomineeCard />
      <ErasureCard />
    </>
  );
}

function MyDataCard() {
  const { t } = useTranslation('myData');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-data-card">
      <Stack gap="xs">
        <Title order={2} size="h4" id="my-data-card">
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
        <Button component={Link} to={paths.myData} variant="outline" styles={WRAPPING_LABEL}>
          {t('link')}
        </Button>
      </Stack>
    </Paper>
  );
}

function NomineeCard() {
  const { t } = useTranslation('myData');
  const { data } = useQuery(nomineeQuery);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="nominee-heading" id="nominee">
      <Stack gap="xs">
        <Title order={2} size="h4" id="nominee-heading">
          {t('nominee.heading')}
        </Title>
        <Text size="sm">{t('nominee.intro')}</Text>
        {data && <NomineeForm key={data.nominee?.updatedAt ?? 'none'} nominee={data.nominee} />}
      </Stack>
    </Paper>
  );
}

const NOMINEE_ERRORS: Record<string, string> = {
  name: 'nominee.error.name',
  relation: 'nominee.error.relation',
  email: 'nominee.error.email',
  phone: 'nominee.error.phone',
};

function NomineeForm({ nominee }: { nominee: Nominee | null }) {
  const { t } = useTranslation('myData');
  const errorText = useErrorText();
  const save = useSaveNominee();
  const remove = useRemoveNominee();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: nominee?.name ?? '',
      relation: nominee?.relation ?? '',
      email: nominee?.email ?? '',
      phone: nominee?.phone ?? '',
    },
    validate: (v) => {
      const parsed = NomineeInputSchema.safeParse(v);
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        if (errors[field]) continue;
        const reach = field === 'email' && v.email.trim() === '' && v.phone.trim() === '';
        errors[field] = t(reach ? 'nominee.error.reach' : (NOMINEE_ERRORS[field] ?? 'nominee.error.name'));
      }
      return errors;
    },
  });
  const submit = form.onSubmit((v) =>
    save.mutate(v, { onSuccess: () => notify.success(t('nominee.saved')), onError: (err) => notify.error(errorText(err)) }),
  );
  return (
    <form noValidate onSubmit={submit} style={errorContrast}>
      <Stack gap="xs">
        {!nominee && <Text size="sm">{t('nominee.none')}</Text>}
        <TextInput label={t('nominee.name')} required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label={t('nominee.relation')} required {...form.getInputProps('relation')} />
        <TextInput label={t('nominee.email')} type="email" autoComplete="off" {...form.getInputProps('email')} />
        <PhoneInput label={t('nominee.phone')} required={false} autoComplete="off" {...form.getInputProps('phone')} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} styles={WRAPPING_LABEL}>
            {t('nominee.save')}
          </Button>
          {nominee && (
            <Button
              variant="default"
              loading={remove.isPending}
              styles={WRAPPING_LABEL}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notify.success(t('nominee.removed')),
                  onError: (err) => notify.error(errorText(err)),
                })
              }
            >
              {t('nominee.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function ErasureCard() {
  const { t } = useTranslation('myData');
  const { data } = useQuery(erasureQuery);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="erase-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="erase-heading">
          {t('erase.heading')}
        </Title>
        <Text size="sm">{t('erase.intro')}</Text>
        {data &&
          (data.allowed ? (
            <EraseForm />
          ) : (
            <Alert color="orange.9" title={t('erase.refused')} role="status">
              <Stack gap="xs">
                <List size="sm" spacing={4}>
                  {data.refusals.map((r) => (
                    <List.Item key={r.prisonerId}>
                      {t(`erase.because.${r.because}`, { name: r.prisonerName || t('prisoner.unnamed') })}
                    </List.Item>
                  ))}
                </List>
                <Text size="sm">{t('erase.wayOut')}</Text>
              </Stack>
            </Alert>
          ))}
      </Stack>
    </Paper>
  );
}

function EraseForm() {
  const { t } = useTranslation('myData');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const erase = useEraseAccount();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        erase.mutate(password, {
          onSuccess: () => {
            notify.success(t('erase.done'));
            void navigate(paths.signIn);
          },
          onError: (err) => notify.error(errorText(err)),
        });
      }}
    >
      <Stack gap="xs">
        <PasswordInput
          label={t('erase.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Checkbox label={t('erase.understand')} checked={understood} onChange={(e) => setUnderstood(e.currentTarget.checked)} />
        <Button type="submit" color="red.9" disabled={!understood || password === ''} loading={erase.isPending} styles={WRAPPING_LABEL}>
          {t('erase.button')}
        </Button>
      </Stack>
    </form>
  );
}
