// The emails sign-up sends: a welcome to a new account, and a notice to the owner of an address
// someone tried to sign up with again. Both go through the outbox, in the
// recipient's language (src/server/locales/<lang>/emails.json).
import type { Role } from '#shared/constants.ts';
import { renderEmailText } from '../../lib/messages.ts';

export function welcomeEmail(language: string | null | undefined, name: string, role: Role, publicUrl: string) {
  const { subject, text } = renderEmailText(language, 'account_created', { role, link: new URL('/', publicUrl).toString() }, { name });
  return { subject, text };
}

export function existingAccountEmail(language: string | null | undefined, name: string, publicUrl: string) {
  const { subject, text } = renderEmailText(
    language,
    'signup_existing_account',
    { link: new URL('/', publicUrl).toString(), resetLink: new URL('/forgot-password', publicUrl).toString() },
    { name },
  );
  return { subject, text };
}
