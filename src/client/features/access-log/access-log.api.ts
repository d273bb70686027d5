// The access log's two readers (docs/decisions/0049-access-log.md): the family, by prisoner, and the
// administrator, by account and window. A page at a time, newest first.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { AdminAccessPageSchema, FamilyAccessPageSchema, type AdminAccessPage, type FamilyAccessPage } from '#shared/access-log.ts';
import { FollowedPrisonersSchema } from '#shared/prisoner-followers.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

const withCursor = (url: string, cursor: string | null) => (cursor === null ? url : `${url}&cursor=${encodeURIComponent(cursor)}`);

/** The prisoners the member follows, to choose whose log to read. */
export const followedPrisonersQuery = queryOptions({
  queryKey: [...rootKeys.family, 'access-log', 'prisoners'] as const,
  queryFn: () => api('GET', '/api/family/prisoners', FollowedPrisonersSchema),
});

export function familyAccessQuery(prisonerId: string) {
  return infiniteQueryOptions({
    queryKey: [...rootKeys.family, 'access-log', prisonerId] as const,
    queryFn: ({ pageParam }) =>
      api('GET', withCursor(`/api/family/access-log?prisonerId=${encodeURIComponent(prisonerId)}`, pageParam), FamilyAccessPageSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data): FamilyAccessPage => ({
      prisoner: data.pages[0]!.prisoner,
      rows: data.pages.flatMap((p) => p.rows),
      next: data.pages.at(-1)?.next ?? null,
    }),
    staleTime: 0,
  });
}

export interface AccountQuestion {
  account: string;
  from: string;
  to: string;
}

export function adminAccessQuery(q: AccountQuestion) {
  const base = `/api/admin/access-log?account=${encodeURIComponent(q.account)}&from=${encodeURIComponent(q.from)}&to=${encodeURIComponent(q.to)}`;
  return infiniteQueryOptions({
    queryKey: [...rootKeys.prisons, 'access-log', q.account, q.from, q.to] as const,
    queryFn: ({ pageParam }) => api('GET', withCursor(base, pageParam), AdminAccessPageSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data): AdminAccessPage => ({
      account: data.pages[0]!.account,
      rows: data.pages.flatMap((p) => p.rows),
      next: data.pages.at(-1)?.next ?? null,
    }),
    staleTime: 0,
  });
}
