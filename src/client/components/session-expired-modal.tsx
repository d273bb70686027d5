// Sign in again without leaving the page: the form under the dialog keeps what was typed, and the
// person sends it again once signed in. Another account, or giving up, goes the usual way.
import { Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { useSignInAgain } from '#client/features/accounts/accounts.api.ts';
import { clearSessionExpired, useSessionExpired } from '#client/lib/session-expiry.ts';
import { useSession, useSetSession } from '#client/lib/use-session.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { FormActions } from './form-actions.tsx';

export function SessionExpiredModal() {
  const expired = useSessionExpired();
  const { user } = useSession();
  if (!expired || !user) return null;
  // Its own boundary: loading the dialog's texts must not hide the page (and the form) under it.
  return (
    <Suspense fallback={null}>
      <ReSignIn email={user.email} role={user.role} userId={user.id} />
    </Suspense>
  );
}

function ReSignIn({ email, role, userId }: { email: string; role: Role; userId: string }) {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const again = useSignInAgain(userId);
  const leave = () => {
    clearSessionExpired();
    setSession(null);
    void navigate(paths.signIn);
  };
  return (
    <Modal
      opened
      onClose={leave}
      title={t('expired.title')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('expired.leave') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (password && !again.isPending) again.mutate({ role, email, password });
        }}
      >
        <Stack gap="sm">
          <Text>{t('expired.body')}</Text>
          <TextInput label={t('expired.email')} value={email} readOnly autoComplete="username" />
          <PasswordInput
            label={t('expired.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            error={again.error ? errorText(again.error) : undefined}
            data-autofocus
          />
          <FormActions
            justify="space-between"
            cancel={t('expired.leave')}
            onCancel={leave}
            submit={t('expired.signIn')}
            loading={again.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
