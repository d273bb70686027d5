import { Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONFIRM_LINK_HOURS, LIMITS, SIGNUP_ROLES, type Role } from '#shared/constants.ts';
import type { SignUp } from '#shared/accounts.ts';
import { paths } from '#client/app/paths.ts';
import { EmailInput } from '#client/components/contact-inputs.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { AccountCard } from './account-card.tsx';
import { RoleSelect } from './role-select.tsx';
import { normaliseEmail, rememberRole } from './last-role.ts';
import { useSignUp } from './accounts.api.ts';
import { useAccountForm } from './use-account-form.ts';
import { ResendLink } from './resend-link.tsx';

/**
 * After sign-up: no one is signed in, whatever the address (docs/decisions/0018-signup-confirm-by-email-link.md).
 * The same screen for a new address and a taken one: the link that opens the account, or a notice to
 * the owner, went to the address.
 */
function CheckEmail({ email, onOtherEmail }: { email: string; onOtherEmail: () => void }) {
  const { t } = useTranslation('accounts');
  // The form the person pressed was replaced: the focus moves to what replaced it (screen readers read it).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Container size={440} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            {t('sent.title')}
          </Title>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('sent.to', { email })}
          </Text>
          <Text size="sm">{t('sent.next', { hours: CONFIRM_LINK_HOURS })}</Text>
          <Text size="sm">{t('sent.taken')}</Text>
          <Text size="sm">{t('sent.noMail')}</Text>
          <ResendLink email={email} label={t('sent.resend')} />
          <Button variant="default" onClick={onOtherEmail} fullWidth>
            {t('sent.otherEmail')}
          </Button>
          <Anchor component={Link} to={paths.signIn} size="sm" ta="center">
            {t('backToSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

export function SignUpPage() {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const form = useAccountForm('signUp');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useSignUp({
    onSuccess: (email) => setSentTo(email),
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'invalid_email') notify.error(errorText(err));
      else notify.error(t('signUp.error', { message: errorText(err) }));
    },
  });

  if (sentTo !== null) return <CheckEmail email={sentTo} onOtherEmail={() => setSentTo(null)} />;

  return (
    <AccountCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      onSubmit={form.onSubmit(
        (v) => {
          rememberRole(v.role as Role);
          mutation.mutate({
            role: v.role as SignUp['role'],
            name: v.name.trim(),
            email: normaliseEmail(v.email),
            password: v.password,
            ...(v.role === 'Jail-Authority' || v.role === 'DLSA' ? { registrationCode: v.registrationCode.trim() } : {}),
          });
        },
        (errors) => {
          if (errors.email === t('email.invalid')) notify.error(t('email.invalid'));
        },
      )}
      submit={t('signUp.submit')}
      loading={mutation.isPending}
      other={{ question: t('signUp.haveAccount'), label: t('signIn.submit'), to: paths.signIn }}
    >
      <RoleSelect roles={SIGNUP_ROLES} {...form.getInputProps('role')} />
      <TextInput label={t('name.label')} autoComplete="name" required {...form.getInputProps('name')} />
      <EmailInput
        label={t('email.label')}
        description={t('email.hint')}
        {...form.getInputProps('email')}
        onFix={(email) => form.setValue('email', email)}
      />
      <PasswordInput
        label={t('password.label')}
        autoComplete="new-password"
        required
        description={t('password.hint', { min: LIMITS.passwordMin })}
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
        {...form.getInputProps('password')}
      />
      {(form.values.role === 'Jail-Authority' || form.values.role === 'DLSA') && (
        <TextInput
          label={t(form.values.role === 'DLSA' ? 'registrationCode.labelDlsa' : 'registrationCode.label')}
          description={t(form.values.role === 'DLSA' ? 'registrationCode.hintDlsa' : 'registrationCode.hint')}
          required
          {...form.getInputProps('registrationCode')}
        />
      )}
    </AccountCard>
  );
}
