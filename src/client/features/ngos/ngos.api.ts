// NGO management API (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong). Keys start with 'ngos' (the dashboard refreshes them after an assignment).
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NgoListSchema, NgoMembersPageSchema, NgoSchema, type NgoInput, type NgoMembersPage, type NgoUpdate } from '#shared/ngos.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const ngoKeys = {
  all: rootKeys.ngos,
  list: (availableOnly: boolean) => [...rootKeys.ngos, 'list', availableOnly] as const,
  members: (id: string) => [...rootKeys.ngos, 'members', id] as const,
};

export const ngosQuery = queryOptions({
  queryKey: ngoKeys.list(false),
  queryFn: () => api('GET', '/api/ngos', NgoListSchema),
});

// An NGO's members a page at a time, shown as one list: "Show more" asks for the page after the last
// one shown (docs/decisions/0044-keyset-pages-for-the-heavy-tail.md).
export const ngoMembersQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ngoKeys.members(id),
    queryFn: ({ pageParam }) =>
      api(
        'GET',
        pageParam === null ? `/api/ngos/${id}/members` : `/api/ngos/${id}/members?after=${encodeURIComponent(pageParam)}`,
        NgoMembersPageSchema,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data): NgoMembersPage => {
      const last = data.pages.at(-1)!;
      return { ...last, items: data.pages.flatMap((p) => p.items) };
    },
  });

export function useSaveNgo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: string; input: NgoUpdate } | { id: null; input: NgoInput }) =>
      save.id ? api('PUT', `/api/ngos/${save.id}`, NgoSchema, save.input) : api('POST', '/api/ngos', NgoSchema, save.input),
    // The dashboard's 'Select NGO' list follows (its key starts with 'ngos' too).
    onSuccess: () => qc.invalidateQueries({ queryKey: ngoKeys.all }),
    // A stale form (409): reload the list so the next edit starts from what is saved now.
    onError: () => qc.invalidateQueries({ queryKey: ngoKeys.all }),
  });
}
