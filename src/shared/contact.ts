// Contact form (docs/spec.md#2-screens-and-routes Contact form, §4 Contact, §8): the message and its auto-reply.
import { z } from 'zod';
import { LIMITS } from './constants.ts';

export const CONTACT_MESSAGE_TOO_LONG = `Message is too long: at most ${LIMITS.contactMessageMax.toLocaleString('en')} characters.`;

export const SendContactMessageSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required.').max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters.`),
  email: z.string().trim().min(1, 'Email is required.').max(LIMITS.emailMax).pipe(z.email('Please enter a valid email address.')),
  message: z.string().trim().min(1, 'Message is required.').max(LIMITS.contactMessageMax, CONTACT_MESSAGE_TOO_LONG),
});
export type SendContactMessage = z.infer<typeof SendContactMessageSchema>;

/** docs/spec.md#8-error-catalogue's texts: which one the screen shows depends on `autoReply`. */
export const CONTACT_SENT = 'Message sent successfully, and an auto-reply has been sent!';
export const CONTACT_SENT_NO_AUTO_REPLY = 'Message sent, but failed to send auto-reply.';

export const ContactResultSchema = z.object({
  id: z.uuid(),
  /** false when the auto-reply could not be queued; the message itself is stored and queued. */
  autoReply: z.boolean(),
  message: z.string(),
});
export type ContactResult = z.infer<typeof ContactResultSchema>;
