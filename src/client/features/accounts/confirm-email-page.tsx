// /confirm-email?token=… from the emailed link: the account opens when the person presses the button
// (a POST; opening the link alone changes nothing, as mail scanners open links), then the role's
// first screen (docs/decisions/0018-signup-confirm-by-email-link.md). The person types the password
// they chose at sign-up: the account opens with that sign-up's choices only for them (decision 0033).
import { useState } from 'react';
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_AFTER_SIGNUP } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useConfirmEmail } from './accounts.api.ts';
import { ResendLink } from './resend-link.tsx';

export function ConfirmEmailPage() {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const mutation = useConfirmEmail({
    onSuccess: (user) => {
      notify.success(t('confirm.done'));
      void navigate(ROLE_AFTER_SIGNUP[user.role], { replace: true });
    },
    onError: (err) => {
      if (!(err instanceof ApiError && (err.code === 'confirm_link_invalid' || err.code === 'confirm_password_wrong')))
        notify.error(errorText(err));
    },
  });
  const linkDead = mutation.error instanceof ApiError && mutation.error.code === 'confirm_link_invalid';
  const wrongPassword = mutation.error instanceof ApiError && mutation.error.code === 'confirm_password_wrong';

  return (
    <Container size={440} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t('confirm.title')}
          </Title>
          {!token || linkDead ? (
            <>
              <Alert color="red" role="alert">
                <Text size="sm">{linkDead ? errorText(mutation.error) : t('confirm.missingToken')}</Text>
              </Alert>
              <ResendLink label={t('confirm.askAgain')} />
            </>
          ) : (
            <>
              <Text size="sm">{t('confirm.intro')}</Text>
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  mutation.mutate({ token, password });
                }}
              >
                <Stack gap="sm">
                  <PasswordInput
                    label={t('confirm.password')}
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    error={wrongPassword ? errorText(mutation.error) : undefined}
                  />
                  <Button type="submit" loading={mutation.isPending} disabled={!password} fullWidth>
                    {t('confirm.submit')}
                  </Button>
                </Stack>
              </form>
            </>
          )}
          <Anchor component={Link} to={paths.signIn} size="sm" ta="center">
            {t('backToSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
