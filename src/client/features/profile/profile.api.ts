import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ProfileDetailsSchema, type ChangePassword, type UpdateProfile } from '#shared/profile.ts';
import { api } from '#client/lib/api-client.ts';

export const profileDetailsQuery = queryOptions({
  queryKey: ['profile', 'details'],
  queryFn: () => api('GET', '/api/profile/details', ProfileDetailsSchema),
});

export const updateProfile = (body: UpdateProfile) => api('PUT', '/api/profile/details', ProfileDetailsSchema, body);
export const changePassword = (body: ChangePassword) => api('PUT', '/api/profile/password', z.null(), body);
