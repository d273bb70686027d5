// Forgot password and reset by an emailed single-use link (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
import { z } from 'zod';
import { LIMITS } from './constants.ts';

export const RESET_LINK_MINUTES = 30;

/** The one answer to every forgot-password request, so it reveals nothing about which accounts exist. */
export const FORGOT_PASSWORD_REPLY = `If an account exists for this email, we have sent it a link to set a new password. The link works once and expires in ${RESET_LINK_MINUTES} minutes.`;

export const ForgotPasswordSchema = z.strictObject({
  email: z.string().trim().min(1, 'Email is required.').max(LIMITS.emailMax),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.strictObject({
  token: z.string().min(1, 'The reset link is incomplete.').max(200),
  password: z
    .string()
    .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters.`)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`),
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const PasswordsReplySchema = z.object({ message: z.string() });
export type PasswordsReply = z.infer<typeof PasswordsReplySchema>;
