// The second factor's calls (docs/decisions/0043-second-factor-for-officials.md).
import { queryOptions } from '@tanstack/react-query';
import type { SecondFactorCode } from '#shared/second-factor-schemas.ts';
import { EnrolmentSchema, RecoveryCodesSchema, SecondFactorStatusSchema } from '#shared/second-factor-schemas.ts';
import { UserSchema } from '#shared/accounts.ts';
import { api } from '#client/lib/api-client.ts';

export const secondFactorStatusQuery = queryOptions({
  queryKey: ['second-factor'] as const,
  queryFn: () => api('GET', '/api/second-factor', SecondFactorStatusSchema),
});

export const startEnrolment = () => api('POST', '/api/second-factor/enrolment', EnrolmentSchema);
export const confirmEnrolment = (body: SecondFactorCode) => api('POST', '/api/second-factor/enrolment/confirm', RecoveryCodesSchema, body);
export const verifySecondFactor = (body: SecondFactorCode) => api('POST', '/api/second-factor/verify', UserSchema, body);
