// Lawyers awaiting verification and the verifier's answers (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AwaitingLawyerListSchema,
  LawyerVerificationDecisionSchema,
  type AwaitingLawyerList,
  type RejectLawyer,
} from '#shared/lawyer-verification.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const verificationKeys = { awaiting: [...rootKeys.lawyers, 'awaiting-verification'] as const };

const pageUrl = (after: string | null) =>
  after === null ? '/api/lawyer-verification' : `/api/lawyer-verification?after=${encodeURIComponent(after)}`;

/** A page at a time, oldest first; "Show more" asks for the page after the last one shown. */
export const awaitingLawyersQuery = infiniteQueryOptions({
  queryKey: verificationKeys.awaiting,
  queryFn: ({ pageParam }) => api('GET', pageUrl(pageParam), AwaitingLawyerListSchema),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  select: (data): AwaitingLawyerList => ({
    lawyers: data.pages.flatMap((p) => p.lawyers),
    nextCursor: data.pages.at(-1)?.nextCursor ?? null,
  }),
  staleTime: 0,
});

export function useVerifyLawyer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lawyerId: string) =>
      api('POST', `/api/lawyer-verification/${encodeURIComponent(lawyerId)}/verify`, LawyerVerificationDecisionSchema),
    onSettled: () => qc.invalidateQueries({ queryKey: verificationKeys.awaiting }),
  });
}

export function useRejectLawyer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ lawyerId, body }: { lawyerId: string; body: RejectLawyer }) =>
      api('POST', `/api/lawyer-verification/${encodeURIComponent(lawyerId)}/reject`, LawyerVerificationDecisionSchema, body),
    onSettled: () => qc.invalidateQueries({ queryKey: verificationKeys.awaiting }),
  });
}
