import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ProfileDetailsSchema, type ChangePassword, type UpdateProfile } from '#shared/profile.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const profileDetailsQuery = queryOptions({
  queryKey: [...rootKeys.profile, 'details'],
  queryFn: () => api('GET', '/api/profile/details', ProfileDetailsSchema),
});

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) => api('PUT', '/api/profile/details', ProfileDetailsSchema, body),
    onSuccess: (saved) => {
      qc.setQueryData(profileDetailsQuery.queryKey, saved);
      // The header, profile and home screens show the name: refresh what they read.
      void qc.invalidateQueries({ queryKey: rootKeys.session });
      void qc.invalidateQueries({ queryKey: rootKeys.profile, exact: true });
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePassword) => api('PUT', '/api/profile/password', z.null(), body) });
}
