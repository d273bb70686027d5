// Prisons, registration codes and the prisoner search. Keys start with 'prisons'.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  IssuedCodeSchema,
  JailAccountsSchema,
  PrisonCountsSchema,
  PrisonRecordSchema,
  PrisonerSearchSchema,
  UnmatchedPrisonsSchema,
  type SavePrison,
} from '#shared/prisoners.ts';
import { BailDeskSchema, type BailDeskStepBody } from '#shared/bail-desk.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

const Ok = z.object({ ok: z.literal(true) });

export const prisonKeys = {
  all: rootKeys.prisons,
  list: [...rootKeys.prisons, 'list'] as const,
  counts: [...rootKeys.prisons, 'counts'] as const,
  unmatched: [...rootKeys.prisons, 'unmatched'] as const,
  accounts: (id: string) => [...rootKeys.prisons, 'accounts', id] as const,
  search: (q: string, after: string | null) => [...rootKeys.prisons, 'search', q, after] as const,
  bailDesk: (after: string | null) => [...rootKeys.prisons, 'bail-desk', after] as const,
};

export const bailDeskQuery = (after: string | null) =>
  queryOptions({
    queryKey: prisonKeys.bailDesk(after),
    queryFn: () => api('GET', `/api/dlsa/bail-desk${after ? `?after=${encodeURIComponent(after)}` : ''}`, BailDeskSchema),
  });

export function useRecordBailStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, body }: { caseId: string; body: BailDeskStepBody }) =>
      api('POST', `/api/dlsa/cases/${caseId}/bail-steps`, Ok, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...rootKeys.prisons, 'bail-desk'] }),
  });
}

export const prisonRecordsQuery = queryOptions({
  queryKey: prisonKeys.list,
  queryFn: () => api('GET', '/api/prisons', z.object({ prisons: z.array(PrisonRecordSchema) })),
});

export const prisonCountsQuery = queryOptions({
  queryKey: prisonKeys.counts,
  queryFn: () => api('GET', '/api/admin/prison-counts', PrisonCountsSchema),
});

export const unmatchedQuery = queryOptions({
  queryKey: prisonKeys.unmatched,
  queryFn: () => api('GET', '/api/admin/unmatched-prisons', UnmatchedPrisonsSchema),
});

export const jailAccountsQuery = (prisonId: string) =>
  queryOptions({
    queryKey: prisonKeys.accounts(prisonId),
    queryFn: () => api('GET', `/api/prisons/${prisonId}/jail-accounts`, JailAccountsSchema),
  });

export const prisonerSearchQuery = (q: string, after: string | null) =>
  queryOptions({
    queryKey: prisonKeys.search(q, after),
    queryFn: () => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (after) params.set('after', after);
      return api('GET', `/api/prisoners/search?${params.toString()}`, PrisonerSearchSchema);
    },
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: prisonKeys.all });
}

export function useSavePrison() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavePrison }) =>
      id ? api('PUT', `/api/prisons/${id}`, PrisonRecordSchema, input) : api('POST', '/api/prisons', PrisonRecordSchema, input),
    onSuccess: invalidate,
  });
}

export function useIssuePrisonCode() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api('POST', `/api/prisons/${id}/code`, IssuedCodeSchema), onSuccess: invalidate });
}

export function useRevokePrisonCode() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api('DELETE', `/api/prisons/${id}/code`, Ok), onSuccess: invalidate });
}

export function useIssueDistrictCode() {
  return useMutation({ mutationFn: (body: { state: string; district: string }) => api('POST', '/api/dlsa-codes', IssuedCodeSchema, body) });
}

export function useSetAccountDisabled() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api('POST', `/api/admin/accounts/${id}/${disabled ? 'disable' : 'enable'}`, Ok),
    onSuccess: invalidate,
  });
}

export function useMatchPrison() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { typed: string; prisonId: string }) =>
      api('POST', '/api/admin/unmatched-prisons/match', z.object({ matched: z.number() }), body),
    onSuccess: invalidate,
  });
}
