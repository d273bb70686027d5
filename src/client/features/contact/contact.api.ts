import { ContactResultSchema, type SendContactMessage } from '#shared/contact.ts';
import { api } from '#client/lib/api-client.ts';

export const sendContactMessage = (body: SendContactMessage) => api('POST', '/api/contact', ContactResultSchema, body);
