// NGO management API (DESIGN §3). Keys start with 'ngos' (the dashboard refreshes them after an assignment).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NgoListSchema, NgoMembersPageSchema, NgoSchema, type NgoInput } from '#shared/ngos.ts';
import { api } from '#client/lib/api-client.ts';

export const ngoKeys = {
  all: ['ngos'] as const,
  list: (availableOnly: boolean) => ['ngos', 'list', availableOnly] as const,
  members: (id: string, page: number) => ['ngos', 'members', id, page] as const,
};

export const ngosQuery = queryOptions({
  queryKey: ngoKeys.list(false),
  queryFn: () => api('GET', '/api/ngos', NgoListSchema),
});

export const ngoMembersQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: ngoKeys.members(id, page),
    queryFn: () => api('GET', `/api/ngos/${id}/members?page=${page}`, NgoMembersPageSchema),
    placeholderData: keepPreviousData,
  });

export function useSaveNgo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: NgoInput }) =>
      id ? api('PUT', `/api/ngos/${id}`, NgoSchema, input) : api('POST', '/api/ngos', NgoSchema, input),
    // The dashboard's 'Select NGO' list follows (its key starts with 'ngos' too).
    onSuccess: () => qc.invalidateQueries({ queryKey: ngoKeys.all }),
  });
}
