// /reset-password?token=… from the emailed link: choose a new password, then sign in again.
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CSSProperties } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordSchema } from '#shared/passwords.ts';
import { paths } from '#client/app/paths.ts';
import { NewPasswordFields } from '#client/components/new-password-fields.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { withConfirmation } from '#client/lib/confirm-password.ts';
import { schemaResolver } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSetSession } from '#client/lib/use-session.ts';
import { useResetPassword } from './passwords.api.ts';

const ResetFormSchema = withConfirmation(ResetPasswordSchema.pick({ password: true }), 'password');

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
    validate: schemaResolver(ResetFormSchema, t, {
      texts: { password: { required: 'reset.required', too_short: 'reset.tooShort' }, confirm: 'reset.mismatch' },
    }),
  });
  const mutation = useResetPassword({
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
                <NewPasswordFields
                  texts={{
                    password: t('reset.password'),
                    hint: (min) => t('reset.passwordHint', { min }),
                    confirm: t('reset.confirm'),
                    toggle: t('reset.toggle'),
                  }}
                  password={form.getInputProps('password')}
                  confirm={form.getInputProps('confirm')}
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
