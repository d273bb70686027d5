import { useMutation } from '@tanstack/react-query';
import { PasswordsReplySchema, type ForgotPassword, type ResetPassword } from '#shared/passwords.ts';
import { api } from '#client/lib/api-client.ts';

interface Callbacks {
  onSuccess?: () => void;
  onError: (err: Error) => void;
}

export function useForgotPassword(callbacks: Callbacks) {
  return useMutation({
    mutationFn: (body: ForgotPassword) => api('POST', '/api/passwords/forgot', PasswordsReplySchema, body),
    ...callbacks,
  });
}

export function useResetPassword(callbacks: Callbacks) {
  return useMutation({
    mutationFn: (body: ResetPassword) => api('POST', '/api/passwords/reset', PasswordsReplySchema, body),
    ...callbacks,
  });
}
