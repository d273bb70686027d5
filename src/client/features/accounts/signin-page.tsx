import { Anchor, Button, Container, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_HOME, type Role } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSession, useSetSession } from '#client/lib/use-session.ts';
import { rememberLanguage, storedLanguage } from '#client/lib/i18n.ts';
import { RoleSelect } from './role-select.tsx';
import { saveLanguage, signIn } from './accounts.api.ts';
import { useAccountForm } from './use-account-form.ts';

export function SignInPage() {
  const { t, i18n } = useTranslation('accounts');
  const navigate = useNavigate();
  const setSession = useSetSession();
  const errorText = useErrorText();
  const { user } = useSession();
  const form = useAccountForm('signIn');
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async (u) => {
      setSession(u);
      // The account's language wins on sign-in, and this browser remembers it for the next visit.
      if (u.language) rememberLanguage(u.language);
      if (u.language && u.language !== i18n.resolvedLanguage) await i18n.changeLanguage(u.language);
      // No choice on the account yet: keep the one made in this browser before signing in.
      const local = storedLanguage();
      if (!u.language && local) {
        const saved = await saveLanguage(local).catch(() => undefined);
        if (saved) setSession(saved);
      }
      notify.success(t('signIn.success'));
      void navigate(ROLE_HOME[u.role]);
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.code === 'role_mismatch' || err.code === 'invalid_email')) notify.error(errorText(err));
      else notify.error(t('signIn.error', { message: errorText(err) }));
    },
  });
  if (user && !mutation.isPending && !mutation.isSuccess) return <Navigate to={ROLE_HOME[user.role]} replace />;

  return (
    <Container size={440} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <form
          noValidate
          onSubmit={form.onSubmit(
            (v) => mutation.mutate({ role: v.role as Role, email: v.email.trim(), password: v.password }),
            (errors) => {
              if (errors.email === t('email.invalid')) notify.error(t('email.invalid'));
            },
          )}
        >
          <Stack gap="sm">
            <Title order={1} size="h2">
              {t('signIn.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('signIn.subtitle')}
            </Text>
            <RoleSelect {...form.getInputProps('role')} />
            <TextInput
              label={t('email.label')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              {...form.getInputProps('email')}
            />
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
            <Button type="submit" loading={mutation.isPending} fullWidth>
              {t('signIn.submit')}
            </Button>
            <Text ta="center" size="sm">
              {t('signIn.noAccount')}
            </Text>
            <Button component={Link} to={paths.signUp} variant="outline" fullWidth>
              {t('signUp.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
