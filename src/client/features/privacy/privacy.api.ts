// Notice and consent (docs/decisions/0053-notice-and-consent.md): the prisoners' consent on the family
// case page, the member's own on the profile, and the parent's page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { OwnConsentSchema, ParentConsentPreviewSchema, PrisonerConsentsSchema, type PrisonerConsentBasis } from '#shared/privacy.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

const keys = {
  prisoners: [...rootKeys.family, 'consents'] as const,
  own: [...rootKeys.profile, 'consent'] as const,
};

export const prisonerConsentsQuery = queryOptions({
  queryKey: keys.prisoners,
  queryFn: () => api('GET', '/api/family/consents', PrisonerConsentsSchema),
});

export const ownConsentQuery = queryOptions({
  queryKey: keys.own,
  queryFn: () => api('GET', '/api/profile/consent', OwnConsentSchema),
});

export function useWithdrawPrisonerConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prisonerId: string) => api('POST', `/api/family/prisoners/${prisonerId}/consent/withdraw`, PrisonerConsentsSchema),
    onSuccess: (data) => qc.setQueryData(keys.prisoners, data),
  });
}

export function useGivePrisonerConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ prisonerId, basis }: { prisonerId: string; basis: PrisonerConsentBasis }) =>
      api('PUT', `/api/family/prisoners/${prisonerId}/consent`, PrisonerConsentsSchema, { basis }),
    onSuccess: (data) => qc.setQueryData(keys.prisoners, data),
  });
}

export function useWithdrawOwnConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/api/profile/consent/withdraw', OwnConsentSchema),
    onSuccess: (data) => qc.setQueryData(keys.own, data),
  });
}

export function useGiveOwnConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('PUT', '/api/profile/consent', OwnConsentSchema, { acceptNotice: true }),
    onSuccess: (data) => qc.setQueryData(keys.own, data),
  });
}

export const lookUpParentLink = (token: string) => api('POST', '/api/auth/parent-consent/look-up', ParentConsentPreviewSchema, { token });
export const confirmParentLink = (token: string) => api('POST', '/api/auth/parent-consent', ParentConsentPreviewSchema, { token });
