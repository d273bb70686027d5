import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentMetaSchema } from '#shared/documents.ts';
import {
  LawyerClientListSchema,
  LawyerRegistrationSchema,
  PendingRequestListSchema,
  RequestDecisionSchema,
  type PendingRequestList,
  type SaveLawyerRegistration,
} from '#shared/lawyers.ts';
import { api, upload } from '#client/lib/api-client.ts';
import { nullWhen } from '#client/lib/null-when.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const lawyerKeys = {
  registration: [...rootKeys.lawyers, 'registration'] as const,
  requests: [...rootKeys.lawyers, 'requests'] as const,
  clients: [...rootKeys.lawyers, 'clients'] as const,
};

/** The lawyer's /lawyerform record, or null before it was submitted (the server's 404 not_registered). */
export const registrationQuery = queryOptions({
  queryKey: lawyerKeys.registration,
  queryFn: () => nullWhen('not_registered', () => api('GET', '/api/lawyers/registration', LawyerRegistrationSchema)),
});

// Families act at any time: each visit to these screens asks the server again.
export const pendingRequestsQuery = queryOptions({
  queryKey: lawyerKeys.requests,
  queryFn: () => api('GET', '/api/lawyers/requests', PendingRequestListSchema),
  staleTime: 0,
});

export const clientsQuery = queryOptions({
  queryKey: lawyerKeys.clients,
  queryFn: () => api('GET', '/api/lawyers/clients', LawyerClientListSchema),
  staleTime: 0,
});

export function useSaveLawyerRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveLawyerRegistration) => api('PUT', '/api/lawyers/registration', LawyerRegistrationSchema, body),
    onSuccess: (record) => qc.setQueryData(lawyerKeys.registration, record),
  });
}

/** Accept or reject one request: its card leaves the list at once; a refusal (answered elsewhere) reloads the list. */
export function useDecideRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'accept' | 'reject') =>
      api('POST', `/api/lawyers/requests/${encodeURIComponent(requestId)}/${action}`, RequestDecisionSchema),
    onSuccess: () => {
      qc.setQueryData<PendingRequestList>(lawyerKeys.requests, (old) =>
        old ? { requests: old.requests.filter((r) => r.id !== requestId) } : old,
      );
      void qc.invalidateQueries({ queryKey: lawyerKeys.clients });
    },
    onError: () => void qc.invalidateQueries({ queryKey: lawyerKeys.requests }),
  });
}

export function useUploadClientBailPaper(familyMemberId: string, onProgress: (fraction: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      upload(`/api/lawyers/clients/${encodeURIComponent(familyMemberId)}/documents`, file, DocumentMetaSchema, onProgress),
    onSuccess: () => void qc.invalidateQueries({ queryKey: lawyerKeys.clients }),
  });
}
