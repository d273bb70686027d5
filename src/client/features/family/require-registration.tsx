// Steers a family member who has not submitted /fmform yet to it (the server refuses them anyway).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Text } from '@mantine/core';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { registrationQuery } from './family.api.ts';

export function RequireRegistration({ loadingLabel, children }: { loadingLabel: string; children: ReactNode }) {
  const { data, isPending, error } = useQuery(registrationQuery);
  const errorText = useErrorText();
  if (isPending) return <Loading label={loadingLabel} />;
  if (error)
    return (
      <Text role="alert" p="md">
        {errorText(error)}
      </Text>
    );
  if (data === null) return <Navigate to={paths.familyForm} replace />;
  return children;
}
