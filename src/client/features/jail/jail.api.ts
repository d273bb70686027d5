// Jail authority API: query options and mutations (STYLE "one way": one key per resource).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AssignNgoResultSchema,
  BailAcceptResultSchema,
  MembersPageSchema,
  type AssignNgoResult,
  type BailAcceptResult,
  type MemberFilter,
} from '#shared/jail.ts';
import { NgoListSchema } from '#shared/ngos.ts';
import { api } from '#client/lib/api-client.ts';

export interface MembersParams {
  page: number;
  pageSize: number;
  q: string;
  filter: MemberFilter | '';
}

export const jailKeys = {
  all: ['jail'] as const,
  members: (p: MembersParams) => ['jail', 'members', p] as const,
};

/** The NGO screens' queries all start with 'ngos' (ngos.api.ts): an assignment changes seats and members there. */
const NGO_QUERIES = ['ngos'] as const;

export function membersQuery(p: MembersParams) {
  const search = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize) });
  if (p.q) search.set('q', p.q);
  if (p.filter) search.set('filter', p.filter);
  return queryOptions({
    queryKey: jailKeys.members(p),
    queryFn: () => api('GET', `/api/jail/members?${search.toString()}`, MembersPageSchema),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** NGOs with a free seat, for 'Select NGO' (SPEC §9). */
export const availableNgosQuery = queryOptions({
  queryKey: [...NGO_QUERIES, 'list', true],
  queryFn: () => api('GET', '/api/ngos?available=true', NgoListSchema),
});

/**
 * Callbacks go to the hook, not to `mutate`: the refetch that follows can unmount the component
 * that asked (the member now has an NGO), and `mutate`'s own callbacks would then never run.
 */
interface Callbacks<T> {
  onSuccess: (result: T) => void;
  onError: (err: Error) => void;
}

export function useAssignNgo(callbacks: Callbacks<AssignNgoResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ngoId }: { memberId: string; ngoId: string }) =>
      api('POST', `/api/jail/members/${memberId}/ngo`, AssignNgoResultSchema, { ngoId }),
    ...callbacks,
    // Success or refusal (no seats, already assigned): the seats and the member are fresh either way.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: jailKeys.all }), qc.invalidateQueries({ queryKey: NGO_QUERIES })]),
  });
}

export function useAcceptBail(callbacks: Callbacks<BailAcceptResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api('POST', `/api/jail/members/${memberId}/bail-accept`, BailAcceptResultSchema),
    ...callbacks,
    onSettled: () => qc.invalidateQueries({ queryKey: jailKeys.all }),
  });
}
