// /lawyerform (docs/spec.md#2-screens-and-routes, §4): name and email from the account, read-only; phone, address, lawyer
// type, court area and the Bar Council enrolment required (decision 0048). Saving again updates the same record (the server upserts).
import { Button, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CASE_TYPES, LIMITS, type CaseType } from '#shared/constants.ts';
import { SaveLawyerRegistrationSchema, type LawyerRegistration, type SaveLawyerRegistration } from '#shared/lawyers.ts';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { LocationFields } from '#client/components/location-fields.tsx';
import { BarEnrolmentFields } from '#client/components/bar-enrolment-fields.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { schemaResolver, serverFieldErrors, type FieldTexts } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useSession } from '#client/lib/use-session.ts';
import { registrationQuery, useSaveLawyerRegistration } from './lawyers.api.ts';
import { PhoneInput } from '#client/components/contact-inputs.tsx';

interface FormValues {
  phone: string;
  address: string;
  lawyerType: string;
  courtArea: string;
  state: string;
  district: string;
  barEnrolmentNumber: string;
  barCouncilState: string;
}

const TEXTS: FieldTexts = {
  phone: { required: 'form.phone.required', otherwise: 'form.phone.invalid' },
  address: { required: 'form.address.required' },
  lawyerType: 'form.lawyerType.required',
  courtArea: { required: 'form.courtArea.required' },
  barEnrolmentNumber: 'enrolment.number.invalid',
  barCouncilState: 'enrolment.state.required',
};

function bodyOf(v: FormValues): SaveLawyerRegistration {
  return {
    phone: v.phone.trim(),
    address: v.address.trim(),
    lawyerType: v.lawyerType as CaseType,
    courtArea: v.courtArea.trim(),
    ...(v.state ? { state: v.state, district: v.district } : {}),
    barEnrolmentNumber: v.barEnrolmentNumber.trim(),
    barCouncilState: v.barCouncilState,
  };
}

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
  // The errors namespace holds the rule texts the resolver falls back to.
  const { t } = useTranslation(['lawyers', 'errors']);
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
      barEnrolmentNumber: saved?.barEnrolmentNumber ?? '',
      barCouncilState: saved?.barCouncilState ?? '',
    },
    validate: schemaResolver(SaveLawyerRegistrationSchema, t, { texts: TEXTS, input: bodyOf }),
  });
  const mutation = useSaveLawyerRegistration();
  const onSuccess = () => {
    notify.success(t('form.saved'));
    void navigate(paths.lawyerHome);
  };
  const onError = (err: Error) => {
    notify.error(t('form.failed'));
    // Point at the fields the server refused, in the user's language.
    form.setErrors(serverFieldErrors(err, t, TEXTS, bodyOf(form.getValues())));
  };
  const save = (v: FormValues) => mutation.mutate(bodyOf(v), { onSuccess, onError });

  return (
    <Paper withBorder p="lg">
      <form noValidate onSubmit={form.onSubmit(save)}>
        <Stack gap="sm">
          <Text c="dimmed" size="sm">
            {saved ? t('form.introSaved') : t('form.intro')}
          </Text>
          <TextInput label={t('form.email')} value={email} readOnly description={t('form.fromAccount')} />
          <TextInput label={t('form.name')} value={name} readOnly />
          <PhoneInput label={t('form.phone')} maxLength={20} description={t('form.phone.hint')} {...form.getInputProps('phone')} />
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
          <BarEnrolmentFields form={form} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
