import { Anchor, Group, PasswordInput } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_HOME, type Role } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { EmailInput } from '#client/components/contact-inputs.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSession } from '#client/lib/use-session.ts';
import { takeReturnTo } from '#client/lib/return-to.ts';
import { AccountCard } from './account-card.tsx';
import { RoleSelect } from './role-select.tsx';
import { normaliseEmail, rememberRole } from './last-role.ts';
import { useSignIn } from './accounts.api.ts';
import { useAccountForm } from './use-account-form.ts';

export function SignInPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { user } = useSession();
  const form = useAccountForm('signIn');
  const mutation = useSignIn({
    onSuccess: (u) => {
      rememberRole(u.role);
      notify.success(t('signIn.success'));
      // An official (or an account with a second factor) goes on to it (docs/decisions/0043-second-factor-for-officials.md).
      void navigate(u.secondFactor ? paths.secondFactor : takeReturnTo(u.role));
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.code === 'role_mismatch' || err.code === 'invalid_email')) notify.error(errorText(err));
      else notify.error(t('signIn.error', { message: errorText(err) }));
    },
  });
  if (user && !mutation.isPending && !mutation.isSuccess)
    return <Navigate to={user.secondFactor ? paths.secondFactor : ROLE_HOME[user.role]} replace />;

  return (
    <AccountCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      onSubmit={form.onSubmit(
        (v) => mutation.mutate({ role: v.role as Role, email: normaliseEmail(v.email), password: v.password }),
        (errors) => {
          if (errors.email === t('email.invalid')) notify.error(t('email.invalid'));
        },
      )}
      submit={t('signIn.submit')}
      loading={mutation.isPending}
      other={{ question: t('signIn.noAccount'), label: t('signUp.submit'), to: paths.signUp }}
    >
      <RoleSelect {...form.getInputProps('role')} />
      <EmailInput label={t('email.label')} {...form.getInputProps('email')} onFix={(email) => form.setValue('email', email)} />
      <PasswordInput
        label={t('password.label')}
        autoComplete="current-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
        {...form.getInputProps('password')}
      />
      <Group justify="flex-end">
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          {t('signIn.forgot')}
        </Anchor>
      </Group>
    </AccountCard>
  );
}
