import { queryOptions } from '@tanstack/react-query';
import { DocumentMetaSchema } from '#shared/documents.ts';
import {
  LawyerClientListSchema,
  LawyerRegistrationSchema,
  PendingRequestListSchema,
  RequestDecisionSchema,
  type SaveLawyerRegistration,
} from '#shared/lawyers.ts';
import { api, ApiError, upload } from '#client/lib/api-client.ts';

export const lawyerKeys = {
  registration: ['lawyers', 'registration'] as const,
  requests: ['lawyers', 'requests'] as const,
  clients: ['lawyers', 'clients'] as const,
};

/** The lawyer's /lawyerform record, or null before it was submitted (the server's 404 not_registered). */
export const registrationQuery = queryOptions({
  queryKey: lawyerKeys.registration,
  queryFn: async () => {
    try {
      return await api('GET', '/api/lawyers/registration', LawyerRegistrationSchema);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not_registered') return null;
      throw err;
    }
  },
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

export const saveRegistration = (body: SaveLawyerRegistration) => api('PUT', '/api/lawyers/registration', LawyerRegistrationSchema, body);

export const decideRequest = (id: string, action: 'accept' | 'reject') =>
  api('POST', `/api/lawyers/requests/${encodeURIComponent(id)}/${action}`, RequestDecisionSchema);

export const uploadBailPaper = (familyMemberId: string, file: File, onProgress: (fraction: number) => void) =>
  upload(`/api/lawyers/clients/${encodeURIComponent(familyMemberId)}/documents`, file, DocumentMetaSchema, onProgress);
