// Lawyer screens need the /lawyerform record first (docs/spec.md#4-states-and-transitions); an unregistered lawyer is steered
// there. Steering only: the server refuses lawyer actions until registered (403 not_registered).
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { registrationQuery } from './lawyers.api.ts';

export function RequireLawyerRegistration({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const registration = useQuery(registrationQuery);
  if (registration.isPending) return <Loading label={t('loading')} />;
  if (registration.isError) return <QueryError error={registration.error} p="md" />;
  if (registration.data === null) return <Navigate to={paths.lawyerForm} replace />;
  return children;
}
