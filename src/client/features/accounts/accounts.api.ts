import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConfirmEmail, ResendConfirmation, SignIn, SignUp, User } from '#shared/accounts.ts';
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

/** A `{ message }` reply (sign-up, a new link), checked by hand: this file is on the sign-in route (no zod there). */
const messageParser = {
  parse(data: unknown): string {
    const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
    if (typeof message !== 'string') throw new Error('Unexpected reply');
    return message;
  },
};
export const signIn = (body: SignIn) => api('POST', '/api/auth/signin', userParser, body);

/**
 * Sign-up answers the same for a new and a taken address and signs no one in
 * (docs/decisions/0018-signup-confirm-by-email-link.md): the account opens from the link emailed to the address.
 */
export const signUp = (body: SignUp) => api('POST', '/api/auth/signup', messageParser, body);
/** Opens the account by the emailed link's token and starts its session. */
export const confirmEmail = (body: ConfirmEmail) => api('POST', '/api/auth/confirm', userParser, body);
/** A new link for an account waiting to be opened; the same answer for any address. */
export const resendConfirmation = (body: ResendConfirmation) => api('POST', '/api/auth/confirm/resend', messageParser, body);
export const saveLanguage = (language: Language) => api('PUT', '/api/profile/language', userParser, { language });

/**
 * Callbacks go to the hook, not to `mutate`: they run after the session is set, whatever the page
 * does meanwhile.
 */
interface Callbacks<T> {
  onSuccess: (result: T) => void;
  onError: (err: Error) => void;
}

/** The account's language applied once it is signed in (sign-in, or the emailed link that opens it). */
function useStartSession() {
  const { i18n } = useTranslation();
  const setSession = useSetSession();
  return async (u: User) => {
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
  };
}

/** Sign in: the session is set and the account's language applied before `onSuccess`. */
export function useSignIn(callbacks: Callbacks<User>) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (u) => {
      await startSession(u);
      callbacks.onSuccess(u);
    },
    onError: callbacks.onError,
  });
}

/**
 * Sign up in the language the page is shown in (the account keeps it; the emailed link is written in
 * it). No one is signed in; `onSuccess` gets the address the email went to.
 */
export function useSignUp(callbacks: Callbacks<string>) {
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (body: SignUp) => {
      const shown = i18n.resolvedLanguage ?? '';
      const language = (LANGUAGES as readonly string[]).includes(shown) ? (shown as Language) : undefined;
      return signUp(language ? { ...body, language } : body);
    },
    onSuccess: (_message, body) => callbacks.onSuccess(body.email),
    onError: callbacks.onError,
  });
}

/** The emailed link's page: opens the account; the session is set and its language applied before `onSuccess`. */
export function useConfirmEmail(callbacks: Callbacks<User>) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: async (u) => {
      await startSession(u);
      callbacks.onSuccess(u);
    },
    onError: callbacks.onError,
  });
}

export function useResendConfirmation(callbacks: Pick<Callbacks<string>, 'onError'>) {
  return useMutation({ mutationFn: resendConfirmation, onError: callbacks.onError });
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
