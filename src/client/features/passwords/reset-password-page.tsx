// /reset-password?token=… from the emailed link: choose a new password, then sign in again.
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSetSession } from '#client/lib/use-session.ts';
import { resetPassword } from './passwords.api.ts';

// Mantine's error red (red.6) is 3.3:1 on white and fails axe; red.9 passes (the theme does not set it yet).
const errorContrast = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export function ResetPasswordPage() {
  const { t } = useTranslation('passwords');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => (!v ? t('reset.required') : v.length < LIMITS.passwordMin ? t('reset.tooShort', { min: LIMITS.passwordMin }) : null),
      confirm: (v, values) => (v === values.password ? null : t('reset.mismatch')),
    },
  });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      // Every session of the account ended on the server, this browser's included.
      setSession(null);
      notify.success(t('reset.done'));
      void navigate(paths.signIn, { replace: true });
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.code === 'reset_link_invalid')) notify.error(errorText(err));
    },
  });
  const linkDead = mutation.error instanceof ApiError && mutation.error.code === 'reset_link_invalid';
  const toggle = { 'aria-label': t('reset.toggle') };

  return (
    <Container size={440} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <form noValidate style={errorContrast} onSubmit={form.onSubmit((v) => mutation.mutate({ token, password: v.password }))}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {t('reset.title')}
            </Title>
            {!token || linkDead ? (
              <Alert color="red" role="alert">
                <Stack gap={6}>
                  <Text size="sm">{linkDead ? t('reset.invalid') : t('reset.missingToken')}</Text>
                  <Anchor component={Link} to={paths.forgotPassword} size="sm" fw={600} c="blue.9">
                    {t('reset.askAgain')}
                  </Anchor>
                </Stack>
              </Alert>
            ) : (
              <>
                <Text size="sm">{t('reset.intro')}</Text>
                <PasswordInput
                  label={t('reset.password')}
                  autoComplete="new-password"
                  required
                  description={t('reset.passwordHint', { min: LIMITS.passwordMin })}
                  visibilityToggleButtonProps={toggle}
                  {...form.getInputProps('password')}
                />
                <PasswordInput
                  label={t('reset.confirm')}
                  autoComplete="new-password"
                  required
                  visibilityToggleButtonProps={toggle}
                  {...form.getInputProps('confirm')}
                />
                <Button type="submit" loading={mutation.isPending} fullWidth>
                  {t('reset.submit')}
                </Button>
              </>
            )}
            <Anchor component={Link} to={paths.signIn} size="sm" ta="center">
              {t('backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
