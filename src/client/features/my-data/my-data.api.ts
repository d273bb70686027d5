// A family member's rights over their data (docs/decisions/0054-rights-a-family-can-use.md): the
// export, the prisoner's details, the nominee, and erasure.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ERASE_CONFIRM,
  ErasureCheckSchema,
  MyDataSchema,
  NomineeAnswerSchema,
  PrisonerDetailsSchema,
  type NomineeInput,
  type UpdatePrisoner,
} from '#shared/my-data.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';
import { useSetSession } from '#client/lib/use-session.ts';

/** The export's address: the page reads it, and the download link saves it as a file. */
export const MY_DATA_URL = '/api/family/my-data';

export const myDataQuery = queryOptions({
  queryKey: [...rootKeys.family, 'my-data'] as const,
  queryFn: () => api('GET', MY_DATA_URL, MyDataSchema),
  staleTime: 0,
});

export const nomineeQuery = queryOptions({
  queryKey: [...rootKeys.family, 'nominee'] as const,
  queryFn: () => api('GET', '/api/family/nominee', NomineeAnswerSchema),
});

export const erasureQuery = queryOptions({
  queryKey: [...rootKeys.family, 'erasure'] as const,
  queryFn: () => api('GET', '/api/family/erasure', ErasureCheckSchema),
  staleTime: 0,
});

export function useSaveNominee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NomineeInput) => api('PUT', '/api/family/nominee', NomineeAnswerSchema, body),
    onSuccess: (saved) => {
      qc.setQueryData(nomineeQuery.queryKey, saved);
      void qc.invalidateQueries({ queryKey: myDataQuery.queryKey });
    },
  });
}

export function useRemoveNominee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', '/api/family/nominee', NomineeAnswerSchema),
    onSuccess: (saved) => {
      qc.setQueryData(nomineeQuery.queryKey, saved);
      void qc.invalidateQueries({ queryKey: myDataQuery.queryKey });
    },
  });
}

export function useCorrectPrisoner(prisonerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePrisoner) =>
      api('PUT', `/api/family/prisoners/${encodeURIComponent(prisonerId)}`, PrisonerDetailsSchema, body),
    // Every family screen shows the prisoner's name.
    onSuccess: () => void qc.invalidateQueries({ queryKey: rootKeys.family }),
  });
}

/** Erases the account; the server signed it out, so the app forgets the session and everything cached. */
export function useEraseAccount() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: (password: string) =>
      api('POST', '/api/family/erasure', z.object({ erased: z.literal(true) }), { password, confirm: ERASE_CONFIRM }),
    onSuccess: () => setSession(null),
  });
}
