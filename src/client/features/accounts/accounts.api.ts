import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignIn, SignUp, User } from '#shared/accounts.ts';
import { LANGUAGES, ROLE_HOME, type Language } from '#shared/constants.ts';
import { api } from '#client/lib/api-client.ts';
import { rememberLanguage, storedLanguage } from '#client/lib/i18n.ts';
import { metaParser, nullParser, userParser } from '#client/lib/light-parsers.ts';
import { clearSessionExpired } from '#client/lib/session-expiry.ts';
import { sessionQuery, useSetSession } from '#client/lib/use-session.ts';
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

/**
 * Callbacks go to the hook, not to `mutate`: they run after the session is set, whatever the page
 * does meanwhile.
 */
interface Callbacks<T> {
  onSuccess: (result: T) => void;
  onError: (err: Error) => void;
}

/** Sign in: the session is set and the account's language applied before `onSuccess`. */
export function useSignIn(callbacks: Callbacks<User>) {
  const { i18n } = useTranslation();
  const setSession = useSetSession();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (u) => {
      setSession(u);
      // The account's language wins on sign-in, and this browser remembers it for the next visit.
      if (u.language) rememberLanguage(u.language);
      if (u.language && u.language !== i18n.resolvedLanguage) await i18n.changeLanguage(u.language);
      // No choice on the account yet: keep the one made in this browser before signing in.
      const local = storedLanguage();
      if (!u.language && local) {
        const saved = await saveLanguage(local).catch(() => undefined);
        if (saved) setSession(saved);
      }
      callbacks.onSuccess(u);
    },
    onError: callbacks.onError,
  });
}

/** Sign up in the language the page is shown in (the welcome email is written in it); a new account is signed in. */
export function useSignUp(callbacks: Callbacks<User | null>) {
  const { i18n } = useTranslation();
  const setSession = useSetSession();
  return useMutation({
    mutationFn: (body: SignUp) => {
      const shown = i18n.resolvedLanguage ?? '';
      const language = (LANGUAGES as readonly string[]).includes(shown) ? (shown as Language) : undefined;
      return signUp(language ? { ...body, language } : body);
    },
    onSuccess: (u) => {
      if (u) setSession(u);
      callbacks.onSuccess(u);
    },
    onError: callbacks.onError,
  });
}

/**
 * Signing in again after the session expired, from a dialog over the page: the same person keeps
 * the page and its typed values (every query refreshes); another account starts at its home.
 */
export function useSignInAgain(userId: string) {
  const qc = useQueryClient();
  const setSession = useSetSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signIn,
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
}

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
