import { useMutation } from '@tanstack/react-query';
import { ContactResultSchema, type ContactResult, type SendContactMessage } from '#shared/contact.ts';
import { api } from '#client/lib/api-client.ts';

export function useSendContactMessage(callbacks: { onSuccess: (result: ContactResult) => void; onError: (err: Error) => void }) {
  return useMutation({
    mutationFn: (body: SendContactMessage) => api('POST', '/api/contact', ContactResultSchema, body),
    ...callbacks,
  });
}
