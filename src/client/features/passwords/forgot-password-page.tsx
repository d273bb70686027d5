// 'Forgot Password?' (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): one neutral answer whether or not the account exists.
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordSchema, RESET_LINK_MINUTES } from '#shared/passwords.ts';
import { paths } from '#client/app/paths.ts';
import { schemaResolver } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useForgotPassword } from './passwords.api.ts';
import { EmailInput } from '#client/components/contact-inputs.tsx';

// Mantine's error red (red.6) is 3.3:1 on white and fails axe; red.9 passes (the theme does not set it yet).
const errorContrast = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export function ForgotPasswordPage() {
  const { t } = useTranslation('passwords');
  const errorText = useErrorText();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(ForgotPasswordSchema, t, { texts: { email: { required: 'email.required' } } }),
  });
  const mutation = useForgotPassword({ onError: (err) => notify.error(errorText(err)) });
  return (
    <Container size={440} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <form noValidate style={errorContrast} onSubmit={form.onSubmit((v) => mutation.mutate({ email: v.email.trim() }))}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {t('forgot.title')}
            </Title>
            <Text size="sm">{t('forgot.intro')}</Text>
            <EmailInput label={t('email.label')} {...form.getInputProps('email')} onFix={(email) => form.setFieldValue('email', email)} />
            <Button type="submit" loading={mutation.isPending} fullWidth>
              {t('forgot.submit')}
            </Button>
            {mutation.isSuccess && (
              <Alert color="green" role="status">
                {t('forgot.sent', { minutes: RESET_LINK_MINUTES })}
              </Alert>
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
