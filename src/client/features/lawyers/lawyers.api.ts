import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { DocumentMetaSchema } from '#shared/documents.ts';
import {
  LawyerClientListSchema,
  LawyerRegistrationSchema,
  PendingRequestListSchema,
  RequestDecisionSchema,
  type LawyerClientList,
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

const pageUrl = (path: string, after: string | null) => (after === null ? path : `${path}?after=${encodeURIComponent(after)}`);

// Families act at any time: each visit to these screens asks the server again. Both lists come a
// page at a time ("Show more" asks for the page after the last one shown) and show as one list.
export const pendingRequestsQuery = infiniteQueryOptions({
  queryKey: lawyerKeys.requests,
  queryFn: ({ pageParam }) => api('GET', pageUrl('/api/lawyers/requests', pageParam), PendingRequestListSchema),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  select: (data): PendingRequestList => ({
    requests: data.pages.flatMap((p) => p.requests),
    nextCursor: data.pages.at(-1)?.nextCursor ?? null,
  }),
  staleTime: 0,
});

export const clientsQuery = infiniteQueryOptions({
  queryKey: lawyerKeys.clients,
  queryFn: ({ pageParam }) => api('GET', pageUrl('/api/lawyers/clients', pageParam), LawyerClientListSchema),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  select: (data): LawyerClientList => ({
    clients: data.pages.flatMap((p) => p.clients),
    nextCursor: data.pages.at(-1)?.nextCursor ?? null,
  }),
  staleTime: 0,
});

export function useSaveLawyerRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveLawyerRegistration) => api('PUT', '/api/lawyers/registration', LawyerRegistrationSchema, body),
    onSuccess: (record) => qc.setQueryData(lawyerKeys.registration, record),
  });
}

/**
 * Accept or reject one request: its card leaves the list at once (the pages after it stay valid: they
 * follow a cursor, not a position); when no card is left but more pages wait, the list is read again.
 * A refusal (answered elsewhere) reloads the list.
 */
export function useDecideRequest(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'accept' | 'reject') =>
      api('POST', `/api/lawyers/requests/${encodeURIComponent(requestId)}/${action}`, RequestDecisionSchema),
    onSuccess: () => {
      const left = qc.setQueryData<InfiniteData<PendingRequestList, string | null>>(lawyerKeys.requests, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, requests: p.requests.filter((r) => r.id !== requestId) })) } : old,
      );
      if (left && left.pages.every((p) => p.requests.length === 0) && left.pages.at(-1)?.nextCursor)
        void qc.invalidateQueries({ queryKey: lawyerKeys.requests });
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
