import { PasswordInput, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, ROLE_AFTER_SIGNUP, type Role } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { EmailInput } from '#client/components/contact-inputs.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { AccountCard } from './account-card.tsx';
import { RoleSelect } from './role-select.tsx';
import { useSignUp } from './accounts.api.ts';
import { useAccountForm } from './use-account-form.ts';

export function SignUpPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const form = useAccountForm('signUp');
  const mutation = useSignUp({
    onSuccess: (u) => {
      if (!u) {
        // A taken address: the same neutral answer the server gave, and no one is signed in.
        notify.info(t('signUp.checkEmail'));
        void navigate(paths.signIn);
        return;
      }
      notify.success(t('signUp.success'));
      void navigate(ROLE_AFTER_SIGNUP[u.role]);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'invalid_email') notify.error(errorText(err));
      else notify.error(t('signUp.error', { message: errorText(err) }));
    },
  });

  return (
    <AccountCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      onSubmit={form.onSubmit(
        (v) =>
          mutation.mutate({
            role: v.role as Role,
            name: v.name.trim(),
            email: v.email.trim(),
            password: v.password,
            ...(v.role === 'Jail-Authority' ? { registrationCode: v.registrationCode.trim() } : {}),
          }),
        (errors) => {
          if (errors.email === t('email.invalid')) notify.error(t('email.invalid'));
        },
      )}
      submit={t('signUp.submit')}
      loading={mutation.isPending}
      other={{ question: t('signUp.haveAccount'), label: t('signIn.submit'), to: paths.signIn }}
    >
      <RoleSelect {...form.getInputProps('role')} />
      <TextInput label={t('name.label')} autoComplete="name" required {...form.getInputProps('name')} />
      <EmailInput label={t('email.label')} description={t('email.hint')} {...form.getInputProps('email')} />
      <PasswordInput
        label={t('password.label')}
        autoComplete="new-password"
        required
        description={t('password.hint', { min: LIMITS.passwordMin })}
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
        {...form.getInputProps('password')}
      />
      {form.values.role === 'Jail-Authority' && (
        <TextInput
          label={t('registrationCode.label')}
          description={t('registrationCode.hint')}
          required
          {...form.getInputProps('registrationCode')}
        />
      )}
    </AccountCard>
  );
}
