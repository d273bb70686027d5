import { Anchor, Button, Checkbox, Container, Paper, PasswordInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
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
function CheckEmail({ email, parentEmail, onOtherEmail }: { email: string; parentEmail: string | null; onOtherEmail: () => void }) {
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
          {parentEmail && (
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('sent.parent', { email: parentEmail })}
            </Text>
          )}
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
  // The notice accepted, the age, and an under-18's parent (docs/decisions/0053-notice-and-consent.md).
  const [accepted, setAccepted] = useState(false);
  const [age, setAge] = useState<'' | 'adult' | 'minor'>('');
  const [parentEmail, setParentEmail] = useState('');
  const [consentErrors, setConsentErrors] = useState<{ accept?: string; age?: string; parent?: string }>({});
  const family = form.values.role === 'Family-Member';
  const minor = family && age === 'minor';
  const checkConsent = () => {
    const errors = {
      ...(accepted ? {} : { accept: t('signUp.acceptRequired') }),
      ...(age === 'adult' || minor ? {} : { age: t('age.required') }),
      ...(minor && !parentEmail.trim() ? { parent: t('parentEmail.required') } : {}),
    };
    setConsentErrors(errors);
    return Object.keys(errors).length === 0;
  };
  const mutation = useSignUp({
    onSuccess: (email) => setSentTo(email),
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'parent_email_required') setConsentErrors({ parent: errorText(err) });
      if (err instanceof ApiError && err.code === 'invalid_email') notify.error(errorText(err));
      else notify.error(t('signUp.error', { message: errorText(err) }));
    },
  });

  if (sentTo !== null)
    return <CheckEmail email={sentTo} parentEmail={minor ? normaliseEmail(parentEmail) : null} onOtherEmail={() => setSentTo(null)} />;

  return (
    <AccountCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      onSubmit={form.onSubmit(
        (v) => {
          if (!checkConsent()) return;
          rememberRole(v.role as Role);
          mutation.mutate({
            role: v.role as SignUp['role'],
            name: v.name.trim(),
            email: normaliseEmail(v.email),
            password: v.password,
            ...(v.role === 'Jail-Authority' || v.role === 'DLSA' ? { registrationCode: v.registrationCode.trim() } : {}),
            acceptNotice: accepted,
            ...(minor ? { adult: false, parentEmail: normaliseEmail(parentEmail) } : { adult: age === 'adult' }),
          });
        },
        (errors) => {
          checkConsent();
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
      {family ? (
        <Radio.Group
          name="age"
          label={t('age.label')}
          value={age}
          onChange={(v) => {
            setAge(v === 'minor' ? 'minor' : 'adult');
            setConsentErrors((e) => ({ ...e, age: undefined }));
          }}
          error={consentErrors.age}
          required
        >
          <Stack gap="xs" mt="xs">
            <Radio value="adult" label={t('age.adult')} />
            <Radio value="minor" label={t('age.minor')} />
          </Stack>
        </Radio.Group>
      ) : (
        <Checkbox
          label={t('age.adult')}
          checked={age === 'adult'}
          onChange={(e) => {
            setAge(e.currentTarget.checked ? 'adult' : '');
            setConsentErrors((er) => ({ ...er, age: undefined }));
          }}
          error={consentErrors.age}
        />
      )}
      {minor && (
        <EmailInput
          label={t('parentEmail.label')}
          description={t('parentEmail.hint')}
          value={parentEmail}
          error={consentErrors.parent}
          onChange={(e) => {
            setParentEmail(e.currentTarget.value);
            setConsentErrors((er) => ({ ...er, parent: undefined }));
          }}
          onFix={(email) => setParentEmail(email)}
        />
      )}
      <Stack gap={4}>
        <Checkbox
          label={t('signUp.acceptNotice')}
          checked={accepted}
          onChange={(e) => {
            setAccepted(e.currentTarget.checked);
            setConsentErrors((er) => ({ ...er, accept: undefined }));
          }}
          error={consentErrors.accept}
        />
        <Anchor component={Link} to={paths.privacy} size="sm" target="_blank">
          {t('signUp.readNotice')}
        </Anchor>
      </Stack>
    </AccountCard>
  );
}
