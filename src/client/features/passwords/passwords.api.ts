import { PasswordsReplySchema, type ForgotPassword, type ResetPassword } from '#shared/passwords.ts';
import { api } from '#client/lib/api-client.ts';

export const forgotPassword = (body: ForgotPassword) => api('POST', '/api/passwords/forgot', PasswordsReplySchema, body);
export const resetPassword = (body: ResetPassword) => api('POST', '/api/passwords/reset', PasswordsReplySchema, body);
