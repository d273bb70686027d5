// Steers a family member who has not submitted /fmform yet to it (the server refuses them anyway).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';

import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { registrationQuery } from './family.api.ts';
import { QueryError } from '#client/components/query-error.tsx';

export function RequireRegistration({ loadingLabel, children }: { loadingLabel: string; children: ReactNode }) {
  const { data, isPending, error } = useQuery(registrationQuery);
  if (isPending) return <Loading label={loadingLabel} />;
  if (error) return <QueryError error={error} p="md" />;
  if (data === null) return <Navigate to={paths.familyForm} replace />;
  return children;
}
