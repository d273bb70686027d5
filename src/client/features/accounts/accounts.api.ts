import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { MetaSchema, UserSchema, type SignIn, type SignUp } from '#shared/accounts.ts';
import type { Language } from '#shared/constants.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';
import { useSetSession } from '#client/lib/use-session.ts';
import { paths } from '#client/app/paths.ts';

export const metaQuery = queryOptions({
  queryKey: ['meta'],
  queryFn: () => api('GET', '/api/meta', MetaSchema),
  staleTime: Infinity,
});

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => api('GET', '/api/profile', UserSchema),
});

export const signIn = (body: SignIn) => api('POST', '/api/auth/signin', UserSchema, body);
export const signUp = (body: SignUp) => api('POST', '/api/auth/signup', UserSchema, body);
export const saveLanguage = (language: Language) => api('PUT', '/api/profile/language', UserSchema, { language });

export function useSignOut() {
  const setSession = useSetSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('POST', '/api/auth/signout', z.null()),
    onSettled: () => {
      setSession(null);
      void navigate(paths.signIn);
    },
  });
}
