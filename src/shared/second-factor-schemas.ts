// Request and response schemas of the second factor (docs/decisions/0043-second-factor-for-officials.md).
// Apart from second-factor.ts so that the sign-in route, which reads those constants, loads no zod.
import { z } from 'zod';
import { SECOND_FACTOR_CODE_MAX } from './second-factor.ts';

export const SecondFactorCodeSchema = z.object({
  code: z.string().trim().min(1, 'Enter the code.').max(SECOND_FACTOR_CODE_MAX, 'This code is too long.'),
});
export type SecondFactorCode = z.infer<typeof SecondFactorCodeSchema>;

/** What the enrolment screen shows: the secret as text, its otpauth:// address and that address as a QR code (SVG). */
export const EnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qrSvg: z.string(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

/** Shown once, right after enrolment: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const SecondFactorStatusSchema = z.object({
  /** Whether this role must have one (officials) or may add one (family members). */
  required: z.boolean(),
  enrolled: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;
