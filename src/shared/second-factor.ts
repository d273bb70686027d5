// The second factor: a time-based one-time password and recovery codes
// (docs/decisions/0043-second-factor-for-officials.md). No zod here: the sign-in route reads the
// roles and states (docs/decisions/0010-no-zod-on-the-sign-in-route.md); the schemas are in
// second-factor-schemas.ts.
import { ROLES, type Role } from './constants.ts';

/**
 * Roles that must pass a second factor before any prisoner's data: every role but the family
 * member's, so a role added later is covered without a change here (deny by default).
 */
export const SECOND_FACTOR_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'Family-Member');

export const secondFactorRequiredFor = (role: Role): boolean => SECOND_FACTOR_ROLES.includes(role);

/**
 * What a session still needs before it reaches any data: 'enrol' (no second factor yet: set one
 * up) or 'verify' (enrolled: enter a code). Absent once passed, or for a family member without one.
 */
export const SECOND_FACTOR_STEPS = ['enrol', 'verify'] as const;
export type SecondFactorStep = (typeof SECOND_FACTOR_STEPS)[number];

export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', issuer: 'Rihaai' } as const;

/** Recovery codes: ten, each of ten base32 characters (50 random bits), shown as xxxxx-xxxxx. */
export const RECOVERY_CODES = { count: 10, length: 10 } as const;

/** The input's longest form: a recovery code with separators and spaces around it. */
export const SECOND_FACTOR_CODE_MAX = 32;

/** A typed code as compared: without spaces and dashes, lower case. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Whether a typed code reads as a one-time password (six digits) rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(normaliseCode(code));
