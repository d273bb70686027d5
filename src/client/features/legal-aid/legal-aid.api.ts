// Legal-aid applications (the family's and the DLSA's) and the DLSA's UTRC list. The family's keys start
// with the family root, the DLSA's with the prisons root (its desk's other lists live there).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FamilyLegalAidListSchema, LegalAidDecisionSchema, LegalAidInboxSchema, LegalAidLawyersSchema } from '#shared/legal-aid.ts';
import { UtrcListSchema, type UtrcCategory } from '#shared/utrc.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const legalAidKeys = {
  family: [...rootKeys.family, 'legal-aid'] as const,
  inbox: (after: string | null) => [...rootKeys.prisons, 'legal-aid', after] as const,
  lawyers: (q: string) => [...rootKeys.prisons, 'legal-aid-lawyers', q] as const,
  utrc: [...rootKeys.prisons, 'utrc'] as const,
};

export const familyLegalAidQuery = queryOptions({
  queryKey: legalAidKeys.family,
  queryFn: () => api('GET', '/api/family/legal-aid', FamilyLegalAidListSchema),
});

export function useFileLegalAid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { prisonerId: string; note: string }) =>
      api('POST', '/api/family/legal-aid', z.object({ id: z.string(), dueOn: z.string() }), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: legalAidKeys.family }),
  });
}

export const legalAidInboxQuery = (after: string | null) =>
  queryOptions({
    queryKey: legalAidKeys.inbox(after),
    queryFn: () => api('GET', `/api/dlsa/legal-aid${after ? `?after=${encodeURIComponent(after)}` : ''}`, LegalAidInboxSchema),
  });

export const legalAidLawyersQuery = (q: string) =>
  queryOptions({
    queryKey: legalAidKeys.lawyers(q),
    queryFn: () => api('GET', `/api/legal-aid/lawyers${q ? `?q=${encodeURIComponent(q)}` : ''}`, LegalAidLawyersSchema),
  });

export function useDecideLegalAid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: { lawyerId: string } | { reason: string } }) =>
      'lawyerId' in decision
        ? api('POST', `/api/dlsa/legal-aid/${id}/accept`, LegalAidDecisionSchema, decision)
        : api('POST', `/api/dlsa/legal-aid/${id}/refuse`, LegalAidDecisionSchema, decision),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...rootKeys.prisons, 'legal-aid'] }),
  });
}

/** Every category to the cap: the print view. */
export const utrcQuery = queryOptions({
  queryKey: legalAidKeys.utrc,
  queryFn: () => api('GET', '/api/dlsa/utrc', UtrcListSchema),
});

/** One category's first rows: the screen reads each group on its own. */
export const utrcCategoryQuery = (category: UtrcCategory) =>
  queryOptions({
    queryKey: [...legalAidKeys.utrc, category] as const,
    queryFn: () => api('GET', `/api/dlsa/utrc?category=${category}`, UtrcListSchema),
  });
