// Jail authority API: query options and mutations (docs/style.md#rules-of-thumb: one key per resource).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AssignNgoResultSchema,
  BailAcceptResultSchema,
  BailUndoResultSchema,
  MembersPageSchema,
  type AssignNgoResult,
  type BailAcceptResult,
  type BailUndoResult,
  type MemberFilter,
} from '#shared/jail.ts';
import { NgoChoicesSchema } from '#shared/ngos.ts';
import { api } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export interface MembersParams {
  /** The page's number, shown; the server finds the page by `after`/`before`/`last` (keyset, ). */
  page: number;
  pageSize: number;
  q: string;
  filter: MemberFilter | '';
  after?: string | undefined;
  before?: string | undefined;
  last?: boolean | undefined;
}

export const jailKeys = {
  all: rootKeys.jail,
  members: (p: MembersParams) => ['jail', 'members', p] as const,
};

/** The NGO screens' queries (ngos.api.ts): an assignment changes seats and members there. */
const NGO_QUERIES = rootKeys.ngos;

export function membersQuery(p: MembersParams) {
  const search = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize) });
  if (p.q) search.set('q', p.q);
  if (p.filter) search.set('filter', p.filter);
  if (p.after) search.set('after', p.after);
  if (p.before) search.set('before', p.before);
  if (p.last) search.set('last', 'true');
  return queryOptions({
    queryKey: jailKeys.members(p),
    queryFn: () => api('GET', `/api/jail/members?${search.toString()}`, MembersPageSchema),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * 'Select NGO' for one member: at most NGO_CHOICES_LIMIT NGOs with a free seat, the nearest the
 * member's prison, or with `q` those whose name starts with it.
 */
export const ngoChoicesQuery = (memberId: string, q: string) =>
  queryOptions({
    queryKey: [...NGO_QUERIES, 'choices', memberId, q],
    queryFn: () =>
      api(
        'GET',
        `/api/ngos/choices?${new URLSearchParams(q ? { member: memberId, q } : { member: memberId }).toString()}`,
        NgoChoicesSchema,
      ),
    // Keep the list on screen while a search's answer comes.
    placeholderData: keepPreviousData,
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

/**
 * Undo a Bail-Accept inside its window. The cache is the app's, not a component's: the notice that
 * offers Undo outlives the page that accepted.
 */
export function useUndoBail(callbacks: Callbacks<BailUndoResult>) {
  return useMutation({
    mutationFn: (memberId: string) => api('POST', `/api/jail/members/${memberId}/bail-accept/undo`, BailUndoResultSchema),
    ...callbacks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jailKeys.all }),
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
