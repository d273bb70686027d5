// Family member API: query options and mutations, one key per resource (docs/style.md#rules-of-thumb).
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentMetaSchema } from '#shared/documents.ts';
import {
  CaseSchema,
  FamilyCasesSchema,
  FamilyDocumentsSchema,
  FamilyNgoSchema,
  FamilyRegistrationSchema,
  LawyerRequestSchema,
  LawyerSearchSchema,
  type CreateCaseInput,
  type LawyerSearch,
  type RegisterFamilyInput,
} from '#shared/family.ts';
import {
  FollowedPrisonersSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  JoinedSchema,
  type AcceptInvitationInput,
} from '#shared/prisoner-followers.ts';
import { z } from 'zod';
import { WithdrawnRequestSchema } from '#shared/withdraw-request.ts';
import { EndedEngagementSchema } from '#shared/end-engagement.ts';
import { api, upload } from '#client/lib/api-client.ts';
import { nullWhen } from '#client/lib/null-when.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const familyKeys = {
  all: rootKeys.family,
  registration: [...rootKeys.family, 'registration'] as const,
  cases: [...rootKeys.family, 'cases'] as const,
  lawyers: [...rootKeys.family, 'lawyers'] as const,
  ngo: [...rootKeys.family, 'ngo'] as const,
  documents: [...rootKeys.family, 'documents'] as const,
  prisoners: [...rootKeys.family, 'prisoners'] as const,
};

/** The /fmform record, or null when the family member has not registered yet. */
export const registrationQuery = queryOptions({
  queryKey: familyKeys.registration,
  queryFn: () => nullWhen('not_registered', () => api('GET', '/api/family/registration', FamilyRegistrationSchema)),
  staleTime: 5 * 60_000,
});

export const casesQuery = queryOptions({
  queryKey: familyKeys.cases,
  queryFn: () => api('GET', '/api/family/cases', FamilyCasesSchema),
});

/** The lawyer search in pages, nearby first; "Show more" asks for the page after the last one shown. */
export const lawyersQuery = infiniteQueryOptions({
  queryKey: familyKeys.lawyers,
  queryFn: ({ pageParam }) =>
    api(
      'GET',
      pageParam === null ? '/api/family/lawyers' : `/api/family/lawyers?after=${encodeURIComponent(pageParam)}`,
      LawyerSearchSchema,
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  // One list: the member's facts from the first page, the lawyers of every page loaded.
  select: (data): LawyerSearch => {
    const [first] = data.pages;
    return {
      caseTypes: first?.caseTypes ?? [],
      location: first?.location ?? null,
      lawyers: data.pages.flatMap((p) => p.lawyers),
      nextCursor: data.pages.at(-1)?.nextCursor ?? null,
    };
  },
});

export const ngoQuery = queryOptions({
  queryKey: familyKeys.ngo,
  queryFn: () => api('GET', '/api/family/ngo', FamilyNgoSchema),
});

export const documentsQuery = queryOptions({
  queryKey: familyKeys.documents,
  queryFn: () => api('GET', '/api/family/documents', FamilyDocumentsSchema),
});

export function useSaveRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterFamilyInput) => api('PUT', '/api/family/registration', FamilyRegistrationSchema, body),
    onSuccess: (registration) => {
      qc.setQueryData(familyKeys.registration, registration);
      // Case types may have changed: the search, the cases and the rest follow.
      void qc.invalidateQueries({ queryKey: familyKeys.all, predicate: (q) => q.queryKey[1] !== 'registration' });
    },
  });
}

export function useAddCase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseInput) => api('POST', '/api/family/cases', CaseSchema, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: familyKeys.all }),
  });
}

export function useRequestLawyer() {
  const qc = useQueryClient();
  return useMutation({
    /** `caseId`: which of the member's cases (and prisoner) the request is for. */
    mutationFn: ({ lawyerId, caseId }: { lawyerId: string; caseId: string | null }) =>
      api('POST', '/api/family/requests', LawyerRequestSchema, caseId ? { lawyerId, caseId } : { lawyerId }),
    // The search keeps the requested card where it was (lawyer-search-page.tsx): nothing moves under a
    // second tap. The server's list, without the lawyer, comes with the next refresh.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: familyKeys.lawyers, refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: familyKeys.cases });
    },
  });
}

/** Takes back a pending request; the lawyer then shows in the search again and another can be asked. */
export function useWithdrawRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => api('POST', `/api/family/requests/${requestId}/withdraw`, WithdrawnRequestSchema),
    // Withdrawn or answered a moment earlier: either way the cases and the search change.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: familyKeys.cases });
      void qc.invalidateQueries({ queryKey: familyKeys.lawyers });
    },
  });
}

/** Ends an accepted lawyer's engagement; the lawyer then shows in the search again and another can be asked. */
export function useEndEngagement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => api('POST', `/api/family/requests/${requestId}/end`, EndedEngagementSchema),
    // Ended now or a moment earlier (another tab): either way the cases and the search change.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: familyKeys.cases });
      void qc.invalidateQueries({ queryKey: familyKeys.lawyers });
    },
  });
}

export function useUploadBailPaper(onProgress: (fraction: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload('/api/family/documents', file, DocumentMetaSchema, onProgress),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: familyKeys.documents });
      void qc.invalidateQueries({ queryKey: familyKeys.cases });
    },
  });
}

/** The prisoners the member follows, with their followers and whose cases are whose (docs/decisions/0050-relatives-join-by-invitation.md). */
export const prisonersQuery = queryOptions({
  queryKey: familyKeys.prisoners,
  queryFn: () => api('GET', '/api/family/prisoners', FollowedPrisonersSchema),
});

/** A new invitation for another relative: the code is shown once. */
export function useInvite() {
  return useMutation({
    mutationFn: (prisonerId: string) => api('POST', `/api/family/prisoners/${prisonerId}/invitations`, InvitationSchema),
  });
}

/** What a code leads to (the prisoner and who invited), before joining. */
export function useLookUpInvitation() {
  return useMutation({
    mutationFn: (code: string) => api('POST', '/api/family/invitations/look-up', InvitationPreviewSchema, { code }),
  });
}

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) => api('POST', '/api/family/invitations/accept', JoinedSchema, body),
    // The record may be new, and the cases, the search and the home all change.
    onSuccess: () => void qc.invalidateQueries({ queryKey: familyKeys.all }),
  });
}

export function useLeavePrisoner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prisonerId: string) => api('DELETE', `/api/family/prisoners/${prisonerId}/follow`, z.object({ ok: z.literal(true) })),
    onSettled: () => void qc.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
