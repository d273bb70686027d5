import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SignIn, SignUp } from '#shared/accounts.ts';
import type { Language } from '#shared/constants.ts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '#client/lib/api-client.ts';
import { metaParser, nullParser, userParser } from '#client/lib/light-parsers.ts';
import { useSetSession } from '#client/lib/use-session.ts';
import { paths } from '#client/app/paths.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const metaQuery = queryOptions({
  queryKey: rootKeys.meta,
  queryFn: () => api('GET', '/api/meta', metaParser),
  staleTime: Infinity,
});

export const profileQuery = queryOptions({
  queryKey: rootKeys.profile,
  queryFn: () => api('GET', '/api/profile', userParser),
});

/** Sign-up's neutral reply, checked by hand (no zod on the sign-in route). */
const signUpReplyParser = {
  parse(data: unknown): { message: string } {
    if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string')
      return data as { message: string };
    throw new Error('Unexpected sign-up reply');
  },
};
export const signIn = (body: SignIn) => api('POST', '/api/auth/signin', userParser, body);
export const signUp = (body: SignUp) => api('POST', '/api/auth/signup', signUpReplyParser, body);

/**
 * Sign-up answers the same for a new and a taken address and signs no one in (docs/decisions/0008-rate-limits-in-postgres.md), so
 * the client signs in with the details just typed (the spec (docs/spec.md): "sign in again"). A new account gets in;
 * for a taken address the sign-in fails and the user is told to check their email (null here).
 */
export async function signUpAndSignIn(body: SignUp) {
  await signUp(body);
  try {
    return await signIn({ role: body.role, email: body.email, password: body.password });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_credentials') return null;
    throw err;
  }
}
export const saveLanguage = (language: Language) => api('PUT', '/api/profile/language', userParser, { language });

export function useSignOut() {
  const setSession = useSetSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('POST', '/api/auth/signout', nullParser),
    onSettled: () => {
      setSession(null);
      void navigate(paths.signIn);
    },
  });
}
