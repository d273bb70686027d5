// /edit-profile for every role (docs/spec.md#2-screens-and-routes): name, and phone, address (+ lawyer type and
// court area) where the account has a registration record; email read-only; change password.
import { Alert, Anchor, Button, Card, NativeSelect, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CASE_TYPES, ROLE_HOME, type CaseType } from '#shared/constants.ts';
import { ChangePasswordSchema, PROFILE_UPDATE_SCHEMAS, type ProfileDetails, type UpdateProfile } from '#shared/profile.ts';
import { paths } from '#client/app/paths.ts';
import { NewPasswordFields } from '#client/components/new-password-fields.tsx';
import { Page } from '#client/components/page.tsx';
import { HomeButton } from '#client/components/home-button.tsx';
import { Loading } from '#client/components/loading.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { withConfirmation } from '#client/lib/confirm-password.ts';
import { schemaResolver, serverFieldErrors, type FieldTexts } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { ReminderEmailSetting } from '#client/features/notifications/reminder-email-setting.tsx';
import { profileDetailsQuery, useChangePassword, useUpdateProfile } from './profile.api.ts';
import { BarEnrolmentFields } from '#client/components/bar-enrolment-fields.tsx';
import { PhoneInput } from '#client/components/contact-inputs.tsx';

// Mantine's error red (red.6) is 3.3:1 on white and fails axe; red.9 passes (the theme does not set it yet).
const errorContrast = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

const DETAIL_TEXTS: FieldTexts = {
  name: { required: 'name.required', too_long: 'name.tooLong' },
  phone: { required: 'phone.required', otherwise: 'phone.invalid' },
  address: { required: 'address.required', too_long: 'address.tooLong' },
  lawyerType: 'lawyerType.required',
  courtArea: { required: 'courtArea.required', too_long: 'courtArea.tooLong' },
};

interface DetailValues {
  name: string;
  phone: string;
  address: string;
  lawyerType: string;
  courtArea: string;
  barEnrolmentNumber: string;
  barCouncilState: string;
}

/** What the account sends: the name, and the fields its kind of account has. */
function bodyOf(kind: ProfileDetails['kind'], v: DetailValues): UpdateProfile {
  const body: UpdateProfile = { name: v.name.trim() };
  if (kind !== 'name-only') Object.assign(body, { phone: v.phone.trim(), address: v.address.trim() });
  if (kind === 'lawyer')
    Object.assign(body, {
      lawyerType: v.lawyerType as CaseType,
      courtArea: v.courtArea.trim(),
      barEnrolmentNumber: v.barEnrolmentNumber.trim(),
      barCouncilState: v.barCouncilState,
    });
  return body;
}

const PasswordFormSchema = withConfirmation(ChangePasswordSchema, 'newPassword');
const PASSWORD_TEXTS: FieldTexts = {
  currentPassword: 'password.currentRequired',
  newPassword: { required: 'password.tooShort', too_short: 'password.tooShort' },
  confirm: 'password.mismatch',
};

function DetailsForm({ profile }: { profile: ProfileDetails }) {
  const { t } = useTranslation('profile');
  const { t: tl } = useTranslation('lawyers');
  const errorText = useErrorText();
  const hasContact = profile.kind !== 'name-only';
  const isLawyer = profile.kind === 'lawyer';
  const texts: FieldTexts = {
    ...DETAIL_TEXTS,
    barEnrolmentNumber: () => tl('enrolment.number.invalid'),
    barCouncilState: () => tl('enrolment.state.required'),
  };
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: profile.name,
      phone: profile.phone ?? '',
      address: profile.address ?? '',
      lawyerType: profile.lawyerType ?? '',
      courtArea: profile.courtArea ?? '',
      barEnrolmentNumber: profile.barEnrolmentNumber ?? '',
      barCouncilState: profile.barCouncilState ?? '',
    },
    validate: schemaResolver(PROFILE_UPDATE_SCHEMAS[profile.kind], t, {
      texts,
      input: (v: DetailValues) => bodyOf(profile.kind, v),
    }),
  });
  const mutation = useUpdateProfile();
  const handlers = {
    onSuccess: () => {
      notify.success(t('saved'));
    },
    onError: (err: Error) => {
      form.setErrors(serverFieldErrors(err, t, texts, form.getValues()));
      notify.error(errorText(err));
    },
  };
  const submit = form.onSubmit((v) => mutation.mutate(bodyOf(profile.kind, v), handlers));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="details-heading">
      <form noValidate onSubmit={submit} style={errorContrast}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="details-heading">
            {t('details.heading')}
          </Title>
          {!profile.registered && (profile.role === 'Family-Member' || profile.role === 'Lawyer') && (
            <Alert color="blue" title={t('notRegistered.title')}>
              <Stack gap={6}>
                <Text size="sm">{t(`notRegistered.${profile.role}`)}</Text>
                <Anchor component={Link} to={profile.role === 'Lawyer' ? paths.lawyerForm : paths.familyForm} size="sm" fw={600} c="blue.9">
                  {t('notRegistered.link')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <TextInput label={t('email.label')} value={profile.email} readOnly variant="filled" description={t('email.readOnly')} />
          <TextInput label={t('name.label')} autoComplete="name" required {...form.getInputProps('name')} />
          {hasContact && (
            <>
              <PhoneInput label={t('phone.label')} {...form.getInputProps('phone')} />
              <TextInput label={t('address.label')} autoComplete="street-address" required {...form.getInputProps('address')} />
            </>
          )}
          {isLawyer && (
            <>
              <NativeSelect
                label={t('lawyerType.label')}
                required
                data={[
                  ...(profile.lawyerType ? [] : [{ value: '', label: t('lawyerType.required'), disabled: true }]),
                  ...CASE_TYPES.map((c) => ({ value: c, label: t(`caseType.${c}`) })),
                ]}
                {...form.getInputProps('lawyerType')}
              />
              <TextInput label={t('courtArea.label')} required {...form.getInputProps('courtArea')} />
              <BarEnrolmentFields form={form} />
              <Text size="sm" c="dimmed">
                {tl('enrolment.changeClears')}
              </Text>
            </>
          )}
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            {t('save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: schemaResolver(PasswordFormSchema, t, { texts: PASSWORD_TEXTS }),
  });
  const mutation = useChangePassword();
  const handlers = {
    onSuccess: () => {
      form.reset();
      notify.success(t('password.changed'));
    },
    onError: (err: Error) => {
      if (err instanceof ApiError && err.code === 'wrong_password') form.setFieldError('currentPassword', errorText(err));
      notify.error(errorText(err));
    },
  };
  const toggle = { 'aria-label': t('password.toggle') };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-heading">
      <form
        noValidate
        style={errorContrast}
        onSubmit={form.onSubmit((v) => mutation.mutate({ currentPassword: v.currentPassword, newPassword: v.newPassword }, handlers))}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="password-heading">
            {t('password.heading')}
          </Title>
          <Text size="sm">{t('password.intro')}</Text>
          {/* Tells password managers whose password this is. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            texts={{
              password: t('password.new'),
              hint: (min) => t('password.newHint', { min }),
              confirm: t('password.confirm'),
              toggle: t('password.toggle'),
            }}
            password={form.getInputProps('newPassword')}
            confirm={form.getInputProps('confirm')}
          />
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

export function EditProfilePage() {
  const { t } = useTranslation('profile');
  const { data: profile, error } = useQuery(profileDetailsQuery);
  if (error)
    return (
      <Page title={t('title')} size="sm">
        <QueryError error={error} />
        <HomeButton />
      </Page>
    );
  if (!profile) return <Loading label={t('loading', { ns: 'common' })} />;
  return (
    <Page title={t('title')} size="sm">
      <DetailsForm profile={profile} />
      <PasswordForm email={profile.email} />
      <ReminderEmailSetting />
      <HomeButton to={ROLE_HOME[profile.role]} />
    </Page>
  );
}
