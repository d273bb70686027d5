// Release tracker API: one case with its facts, saving facts, the jail's counts, a printed application.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApplicationPrintedSchema,
  CaseDetailSchema,
  ReleaseCountsSchema,
  TransferResultSchema,
  type CaseFactsUpdate,
  type DisposalBody,
} from '#shared/cases.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const caseKeys = {
  one: (caseId: string) => [...rootKeys.cases, caseId] as const,
  releaseCounts: [...rootKeys.jail, 'release-counts'] as const,
};

export const caseQuery = (caseId: string) =>
  queryOptions({ queryKey: caseKeys.one(caseId), queryFn: () => api('GET', `/api/cases/${caseId}`, CaseDetailSchema) });

export const releaseCountsQuery = queryOptions({
  queryKey: caseKeys.releaseCounts,
  queryFn: () => api('GET', '/api/jail/release-counts', ReleaseCountsSchema),
});

export function useSaveFacts(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (facts: CaseFactsUpdate) => api('PUT', `/api/cases/${caseId}/facts`, CaseDetailSchema, facts),
    onSuccess: (detail) => {
      qc.setQueryData(caseKeys.one(caseId), detail);
      // The family's case list, the lawyer's clients and the jail's lists show the same facts.
      void qc.invalidateQueries({ queryKey: rootKeys.family });
      void qc.invalidateQueries({ queryKey: rootKeys.lawyers });
      void qc.invalidateQueries({ queryKey: rootKeys.jail });
    },
  });
}

/** The court's decision recorded on the case, or taken back: the answer is the case as saved now. */
export function useRecordDisposal(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DisposalBody) => api('POST', `/api/cases/${caseId}/disposal`, CaseDetailSchema, body),
    onSuccess: (detail) => qc.setQueryData(caseKeys.one(caseId), detail),
  });
}

export function useTakeBackDisposal(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', `/api/cases/${caseId}/disposal`, CaseDetailSchema),
    onSuccess: (detail) => qc.setQueryData(caseKeys.one(caseId), detail),
  });
}

/** The jail moves the case's prisoner to another prison; its own lists no longer hold them. */
export function useTransfer(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (toPrisonId: string) => api('POST', `/api/cases/${caseId}/transfer`, TransferResultSchema, { toPrisonId }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: caseKeys.one(caseId) });
      void qc.invalidateQueries({ queryKey: rootKeys.jail });
    },
  });
}

export function useRecordPrinted(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', `/api/cases/${caseId}/application-printed`, ApplicationPrintedSchema),
    onSuccess: () => void qc.invalidateQueries({ queryKey: caseKeys.one(caseId) }),
  });
}
