import { Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LIMITS, ROLE_AFTER_SIGNUP, type Language, type Role } from '#shared/constants.ts';
import type { SignUp } from '#shared/accounts.ts';
import { paths } from '#client/app/paths.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSetSession } from '#client/lib/use-session.ts';
import { RoleSelect } from './role-select.tsx';
import { signUp } from './accounts.api.ts';
import { useAccountForm } from './use-account-form.ts';

export function SignUpPage() {
  const { t, i18n } = useTranslation('accounts');
  const navigate = useNavigate();
  const setSession = useSetSession();
  const errorText = useErrorText();
  const form = useAccountForm('signUp');
  const mutation = useMutation({
    // The language the page is shown in: the welcome email is written in it.
    mutationFn: (body: SignUp) => {
      const shown = i18n.resolvedLanguage ?? '';
      const language = (LANGUAGES as readonly string[]).includes(shown) ? (shown as Language) : undefined;
      return signUp(language ? { ...body, language } : body);
    },
    onSuccess: (u) => {
      if (!u) {
        // A taken address: the same neutral answer the server gave, and no one is signed in.
        notify.info(t('signUp.checkEmail'));
        void navigate(paths.signIn);
        return;
      }
      setSession(u);
      notify.success(t('signUp.success'));
      void navigate(ROLE_AFTER_SIGNUP[u.role]);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'invalid_email') notify.error(errorText(err));
      else notify.error(t('signUp.error', { message: errorText(err) }));
    },
  });

  return (
    <Container size={440} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <form
          noValidate
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
        >
          <Stack gap="sm">
            <Title order={1} size="h2">
              {t('signUp.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('signUp.subtitle')}
            </Text>
            <RoleSelect {...form.getInputProps('role')} />
            <TextInput label={t('name.label')} autoComplete="name" required {...form.getInputProps('name')} />
            <TextInput
              label={t('email.label')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              description={t('email.hint')}
              {...form.getInputProps('email')}
            />
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
            <Button type="submit" loading={mutation.isPending} fullWidth>
              {t('signUp.submit')}
            </Button>
            <Text ta="center" size="sm">
              {t('signUp.haveAccount')}
            </Text>
            <Button component={Link} to={paths.signIn} variant="outline" fullWidth>
              {t('signIn.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
