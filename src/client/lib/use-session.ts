import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session, User } from '#shared/accounts.ts';
import { SESSION_SCRIPT_ID } from '#shared/first-screens.ts';
import { api } from './api-client.ts';
import { sessionParser } from './light-parsers.ts';
import { rootKeys } from './query-keys.ts';

export const sessionQuery = queryOptions({
  queryKey: rootKeys.session,
  queryFn: () => api('GET', '/api/auth/session', sessionParser),
  staleTime: 5 * 60_000,
});

/**
 * The session the server put in the page (src/server/lib/first-screen.ts): the first screen draws
 * without asking for it. Undefined when the page has none or it does not read as a session.
 */
export function sessionInPage(doc: Document = document): Session | undefined {
  const text = doc.getElementById(SESSION_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return sessionParser.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export function useSession(): { user: User | null; isLoading: boolean } {
  const q = useQuery(sessionQuery);
  return { user: q.data?.user ?? null, isLoading: q.isLoading };
}

/** After sign-in/out: set the session and drop everything cached for the previous user. */
export function useSetSession() {
  const qc = useQueryClient();
  return (user: User | null) => {
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== rootKeys.session[0] });
    qc.setQueryData(sessionQuery.queryKey, { user });
  };
}
