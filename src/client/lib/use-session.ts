import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/accounts.ts';
import { api } from './api-client.ts';
import { sessionParser } from './light-parsers.ts';
import { rootKeys } from './query-keys.ts';

export const sessionQuery = queryOptions({
  queryKey: rootKeys.session,
  queryFn: () => api('GET', '/api/auth/session', sessionParser),
  staleTime: 5 * 60_000,
});

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
