// "Send a new link" for an account waiting to be opened, on the check-your-email screen and on the
// emailed link's page. The server answers the same for any address, and so does this.
import { Alert, Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_LINK_HOURS } from '#shared/constants.ts';
import { EmailInput } from '#client/components/contact-inputs.tsx';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useResendConfirmation } from './accounts.api.ts';

/** With `email`, one button for that address; without, an email field first. */
export function ResendLink({ email, label }: { email?: string; label: string }) {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useResendConfirmation({ onError: (err) => notify.error(errorText(err)) });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const address = (email ?? typed).trim();
    setMissing(!address);
    if (address) mutation.mutate({ email: address });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {email === undefined && (
          <EmailInput
            label={t('email.label')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onFix={setTyped}
            error={missing ? t('email.required') : undefined}
          />
        )}
        <Button type="submit" variant="light" loading={mutation.isPending} fullWidth>
          {label}
        </Button>
        {mutation.isSuccess && (
          <Alert color="green" role="status">
            {t('sent.resent', { hours: CONFIRM_LINK_HOURS })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
