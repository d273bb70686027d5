// The lawyer home says where the Bar Council enrolment's verification stands: families find a lawyer
// only once it is verified (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { registrationQuery } from './lawyers.api.ts';

/**
 * Above the home: what the lawyer must do or wait for. Below it (`verified`): the confirmation, where
 * it does not move the home drawn first (which cannot know the lawyer's state) once the app takes over.
 */
export function VerificationNotice({ verified = false }: { verified?: boolean }) {
  const { t } = useTranslation('lawyers');
  const { data } = useQuery(registrationQuery);
  // The home drawn at build time (first-screen/prerender.tsx) holds no lawyer's details: no notice there.
  if (!data?.verification) return null;
  const { status, reason } = data.verification;
  const box = { variant: 'light', maw: 720, mx: 'auto', mt: 'md', mb: -8, w: 'calc(100% - 1.5rem)' } as const;
  if ((status === 'verified') !== verified) return null;
  if (status === 'verified') {
    return (
      <Alert color="green.9" role="status" {...box} mb="md">
        {t('verification.verified')}
      </Alert>
    );
  }
  return (
    <Alert color={status === 'rejected' ? 'red.9' : 'orange.9'} role="status" title={t(`verification.${status}.title`)} {...box}>
      <Stack gap={6}>
        <Text size="sm">{t(`verification.${status}`)}</Text>
        {status === 'rejected' && reason && <Text size="sm">{t('verification.reason', { reason })}</Text>}
        {status !== 'awaiting' && (
          <Anchor component={Link} to={paths.lawyerForm} size="sm" fw={600} c="blue.9">
            {t('verification.giveEnrolment')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
