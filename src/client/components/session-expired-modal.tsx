// Sign in again without leaving the page: the form under the dialog keeps what was typed, and the
// person sends it again once signed in. Another account, or giving up, goes the usual way.
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_HOME, type Role } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { signIn } from '#client/features/accounts/accounts.api.ts';
import { clearSessionExpired, useSessionExpired } from '#client/lib/session-expiry.ts';
import { sessionQuery, useSession, useSetSession } from '#client/lib/use-session.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

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
  const qc = useQueryClient();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const again = useMutation({
    mutationFn: () => signIn({ role, email, password }),
    onSuccess: (user) => {
      clearSessionExpired();
      if (user.id === userId) {
        qc.setQueryData(sessionQuery.queryKey, { user });
        void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== rootKeys.session[0] });
      } else {
        setSession(user);
        void navigate(ROLE_HOME[user.role]);
      }
    },
  });
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
          if (password && !again.isPending) again.mutate();
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
          <Group justify="space-between" gap="xs">
            <Button variant="default" onClick={leave}>
              {t('expired.leave')}
            </Button>
            <Button type="submit" loading={again.isPending}>
              {t('expired.signIn')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
