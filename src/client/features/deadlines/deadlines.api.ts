// Hearings, bail dates, prisons and the jail's deadline flags. Keys start with 'deadlines'.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CaseDeadlinesSchema,
  DeadlineFlagsSchema,
  HearingSchema,
  NextHearingSchema,
  PrisonListSchema,
  PrisonSchema,
  type CreateHearing,
  type SaveBail,
  type SavePrison,
  type UpdateHearing,
} from '#shared/deadlines.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const deadlineKeys = {
  all: rootKeys.deadlines,
  case: (caseId: string) => [...rootKeys.deadlines, 'case', caseId] as const,
  next: [...rootKeys.deadlines, 'next'] as const,
  flags: [...rootKeys.deadlines, 'flags'] as const,
  prisons: [...rootKeys.deadlines, 'prisons'] as const,
};

export const caseDeadlinesQuery = (caseId: string) =>
  queryOptions({
    queryKey: deadlineKeys.case(caseId),
    queryFn: () => api('GET', `/api/cases/${caseId}/deadlines`, CaseDeadlinesSchema),
  });

export const nextHearingQuery = queryOptions({
  queryKey: deadlineKeys.next,
  queryFn: () => api('GET', '/api/hearings/next', NextHearingSchema),
});

export const deadlineFlagsQuery = queryOptions({
  queryKey: deadlineKeys.flags,
  queryFn: () => api('GET', '/api/jail/deadline-flags', DeadlineFlagsSchema),
});

export const prisonsQuery = queryOptions({
  queryKey: deadlineKeys.prisons,
  queryFn: () => api('GET', '/api/prisons', PrisonListSchema),
});

export function useAddHearing(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateHearing) => api('POST', `/api/cases/${caseId}/hearings`, HearingSchema, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: deadlineKeys.case(caseId) }),
  });
}

export function useUpdateHearing(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateHearing }) => api('PUT', `/api/hearings/${id}`, HearingSchema, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: deadlineKeys.case(caseId) }),
  });
}

export function useSaveBail(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBail) => api('PUT', `/api/cases/${caseId}/bail`, CaseDeadlinesSchema, input),
    onSuccess: (data) => {
      qc.setQueryData(deadlineKeys.case(caseId), data);
      return qc.invalidateQueries({ queryKey: deadlineKeys.flags });
    },
  });
}

export function useSavePrison() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavePrison }) =>
      id ? api('PUT', `/api/prisons/${id}`, PrisonSchema, input) : api('POST', '/api/prisons', PrisonSchema, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: deadlineKeys.prisons }),
  });
}
