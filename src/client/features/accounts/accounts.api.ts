import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SignIn, SignUp, User } from '#shared/accounts.ts';
import type { Language } from '#shared/constants.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';
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

/** Sign-up's reply, checked by hand (no zod on the sign-in route): the user when signed in, else null. */
const signUpReplyParser = {
  parse(data: unknown): User | null {
    if (typeof data !== 'object' || data === null || typeof (data as { message?: unknown }).message !== 'string')
      throw new Error('Unexpected sign-up reply');
    const user = (data as { user?: unknown }).user;
    return user === null || user === undefined ? null : userParser.parse(user);
  },
};
export const signIn = (body: SignIn) => api('POST', '/api/auth/signin', userParser, body);

/**
 * Sign-up answers the same for a new and a taken address (docs/decisions/0013-sign-up-starts-the-session.md):
 * a new account comes back signed in; for a taken address no one is signed in (null here) and the
 * user is told to check their email.
 */
export const signUp = (body: SignUp) => api('POST', '/api/auth/signup', signUpReplyParser, body);
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
