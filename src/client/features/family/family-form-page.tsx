// /fmform: the family member's registration (docs/spec.md#2-screens-and-routes, §4, §5). Name and email come from the account.
import { Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterFamilySchema, type FamilyRegistration, type RegisterFamilyInput } from '#shared/family.ts';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { schemaResolver, serverFieldErrors } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSession } from '#client/lib/use-session.ts';
import { LocationFields } from '#client/components/location-fields.tsx';
import { CaseFields, FAMILY_TEXTS, caseOf, type CaseValues } from './case-fields.tsx';
import { CaseFactsFieldset, useCaseFactsDraft } from './case-facts-draft.tsx';
import { registrationQuery, useSaveRegistration } from './family.api.ts';
import { QueryError } from '#client/components/query-error.tsx';
import { PhoneInput } from '#client/components/contact-inputs.tsx';

interface RegistrationValues extends CaseValues {
  phone: string;
  address: string;
  state: string;
  district: string;
}

/** The /fmform request without its facts; the location only when a state was chosen. */
function registrationOf(v: RegistrationValues): Omit<RegisterFamilyInput, 'facts'> {
  return {
    phone: v.phone.trim(),
    address: v.address.trim(),
    ...caseOf(v),
    ...(v.state ? { state: v.state, district: v.district } : {}),
  };
}

export function FamilyFormPage() {
  const { t } = useTranslation('family');
  const { data, isPending, error } = useQuery(registrationQuery);
  if (isPending) return <Loading label={t('loading')} />;
  if (error) return <QueryError error={error} p="md" />;
  return <RegistrationForm registration={data} />;
}

function RegistrationForm({ registration }: { registration: FamilyRegistration | null }) {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const { user } = useSession();
  const navigate = useNavigate();
  const first = registration?.cases[0];
  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: {
      phone: registration?.phone ?? '',
      address: registration?.address ?? '',
      caseNumber: first?.caseNumber ?? '',
      detail: first?.detail ?? '',
      caseType: first?.caseType ?? '',
      state: registration?.state ?? '',
      district: registration?.district ?? '',
    },
    validate: schemaResolver(RegisterFamilySchema, t, { texts: FAMILY_TEXTS, input: registrationOf }),
  });
  const save = useSaveRegistration();
  const facts = useCaseFactsDraft(first ? { facts: first.facts, version: first.factsVersion } : undefined);

  const submit = form.onSubmit((v) => {
    if (!facts.check()) return;
    save.mutate(
      { ...registrationOf(v), ...facts.body() },
      {
        onSuccess: () => {
          notify.success(t('form.saved'));
          void navigate(paths.familyHome);
        },
        onError: (err) => {
          notify.error(t('form.saveFailed'));
          form.setErrors(serverFieldErrors(err, t, FAMILY_TEXTS, registrationOf(v)));
          facts.showServerErrors(err);
          if (err instanceof ApiError && err.code === 'case_exists') form.setFieldError('caseNumber', errorText(err));
        },
      },
    );
  });

  return (
    <Page title={t('form.title')} size="sm">
      <Text>{registration ? t('form.introRegistered') : t('form.intro')}</Text>
      <Paper withBorder p="md" radius="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              label={t('name.label')}
              value={registration?.name ?? user?.name ?? ''}
              readOnly
              variant="filled"
              description={t('readOnly.hint')}
            />
            <TextInput label={t('email.label')} value={registration?.email ?? user?.email ?? ''} readOnly variant="filled" />
            <PhoneInput label={t('phone.label')} description={t('phone.hint')} {...form.getInputProps('phone')} />
            <Textarea
              label={t('address.label')}
              autoComplete="street-address"
              required
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('address')}
            />
            <LocationFields form={form} purpose="family" />
            <CaseFields form={form} />
            <CaseFactsFieldset draft={facts} idPrefix="fmform" />
            <Button type="submit" loading={save.isPending} fullWidth>
              {t('form.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
