// /lawyerform (docs/spec.md#2-screens-and-routes, §4): name and email from the account, read-only; phone, address, lawyer
// type and court area required. Saving again updates the same record (the server upserts).
import { Button, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CASE_TYPES, LIMITS, type CaseType } from '#shared/constants.ts';
import { PhoneSchema } from '#shared/family.ts';
import type { LawyerRegistration } from '#shared/lawyers.ts';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { LocationFields } from '#client/components/location-fields.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useSession } from '#client/lib/use-session.ts';
import { registrationQuery, useSaveLawyerRegistration } from './lawyers.api.ts';
import { validationText } from '#client/lib/validation-text.ts';

interface FormValues {
  phone: string;
  address: string;
  lawyerType: string;
  courtArea: string;
  state: string;
  district: string;
}

const FIELDS = ['phone', 'address', 'lawyerType', 'courtArea'] as const;

export function LawyerFormPage() {
  const { t } = useTranslation(['lawyers', 'common']);
  const { user } = useSession();
  const registration = useQuery(registrationQuery);
  if (registration.isPending || !user) return <Loading label={t('loading', { ns: 'common' })} />;
  return (
    <Page title={t('form.title')} size="sm">
      {registration.isError ? (
        <QueryError error={registration.error} />
      ) : (
        <LawyerForm saved={registration.data} name={user.name} email={user.email} />
      )}
    </Page>
  );
}

function LawyerForm({ saved, name, email }: { saved: LawyerRegistration | null; name: string; email: string }) {
  const { t } = useTranslation('lawyers');
  const navigate = useNavigate();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      phone: saved?.phone ?? '',
      address: saved?.address ?? '',
      lawyerType: saved?.lawyerType ?? '',
      courtArea: saved?.courtArea ?? '',
      state: saved?.state ?? '',
      district: saved?.district ?? '',
    },
    validate: {
      phone: (v) => (!v.trim() ? t('form.phone.required') : PhoneSchema.safeParse(v).success ? null : t('form.phone.invalid')),
      address: (v) => (v.trim() ? null : t('form.address.required')),
      lawyerType: (v) => ((CASE_TYPES as readonly string[]).includes(v) ? null : t('form.lawyerType.required')),
      courtArea: (v) => (v.trim() ? null : t('form.courtArea.required')),
    },
  });
  const mutation = useSaveLawyerRegistration();
  const onSuccess = () => {
    notify.success(t('form.saved'));
    void navigate(paths.lawyerHome);
  };
  const onError = (err: Error) => {
    notify.error(t('form.failed'));
    // Point at the fields the server refused, in the user's language where we know the rule.
    if (err instanceof ApiError) {
      for (const d of err.details) {
        const field = FIELDS.find((f) => f === d.path);
        if (field) form.setFieldError(field, d.rule === 'too_long' ? validationText(d, t) : t(`form.${field}.invalid`));
        if (d.path === 'state' || d.path === 'district') form.setFieldError(d.path, t(d.message, { ns: 'errors' }));
      }
    }
  };
  const save = (v: FormValues) =>
    mutation.mutate(
      {
        phone: v.phone.trim(),
        address: v.address.trim(),
        lawyerType: v.lawyerType as CaseType,
        courtArea: v.courtArea.trim(),
        ...(v.state ? { state: v.state, district: v.district } : {}),
      },
      { onSuccess, onError },
    );

  return (
    <Paper withBorder p="lg">
      <form noValidate onSubmit={form.onSubmit(save)}>
        <Stack gap="sm">
          <Text c="dimmed" size="sm">
            {saved ? t('form.introSaved') : t('form.intro')}
          </Text>
          <TextInput label={t('form.email')} value={email} readOnly description={t('form.fromAccount')} />
          <TextInput label={t('form.name')} value={name} readOnly />
          <TextInput
            label={t('form.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={20}
            description={t('form.phone.hint')}
            {...form.getInputProps('phone')}
          />
          <Textarea
            label={t('form.address')}
            autoComplete="street-address"
            required
            autosize
            minRows={2}
            maxLength={LIMITS.addressMax}
            {...form.getInputProps('address')}
          />
          <NativeSelect
            label={t('form.lawyerType')}
            required
            data={[
              { value: '', label: t('form.lawyerType.placeholder'), disabled: true },
              ...CASE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
            ]}
            {...form.getInputProps('lawyerType')}
          />
          <TextInput
            label={t('form.courtArea')}
            required
            maxLength={LIMITS.courtAreaMax}
            description={t('form.courtArea.hint')}
            {...form.getInputProps('courtArea')}
          />
          <LocationFields form={form} purpose="lawyer" />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
