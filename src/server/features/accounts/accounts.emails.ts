// The emails sign-up sends: a welcome to a new account, and a notice to the owner of an address
// someone tried to sign up with again. Both are queued in the caller's transaction (lib/notify.ts), in the
// recipient's language (src/server/locales/<lang>/emails.json).
import type { Role } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { sendEmail, type EmailTo } from '../../lib/notify.ts';

export async function tellWelcome(db: Db, to: EmailTo, role: Role, publicUrl: string) {
  await sendEmail(db, to, { kind: 'account_created', params: { role, link: new URL('/', publicUrl).toString() } });
}

export async function tellExistingAccount(db: Db, to: EmailTo, publicUrl: string) {
  await sendEmail(db, to, {
    kind: 'signup_existing_account',
    params: { link: new URL('/', publicUrl).toString(), resetLink: new URL('/forgot-password', publicUrl).toString() },
  });
}
