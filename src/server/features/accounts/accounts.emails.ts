// The emails sign-up sends: the link that opens a new (or not yet opened) account, and a notice to
// the owner of an opened account someone tried to sign up with again. Both are queued in the
// caller's transaction (lib/notify.ts), in the recipient's language (src/server/locales/<lang>/emails.json).
import type { Db } from '../../db/client.ts';
import { CONFIRM_LINK_HOURS } from '#shared/constants.ts';
import { sendEmail, type EmailTo } from '../../lib/notify.ts';
import { asLanguage, text } from '../../lib/messages.ts';
import { PARENT_LINK_DAYS } from '#shared/privacy.ts';

export async function tellConfirmLink(db: Db, to: EmailTo, link: string) {
  // The same text as lib/email-links.ts's linkEmail('confirm', …) renders for a resent link.
  await sendEmail(db, to, { kind: 'account_confirm', params: { link, hours: String(CONFIRM_LINK_HOURS) } });
}

/** A minor's sign-up: the parent or guardian is asked to confirm (docs/decisions/0053-notice-and-consent.md). */
export async function tellParent(
  db: Db,
  input: { child: string; childEmail: string; parentEmail: string; language: string | null },
  link: string,
) {
  await sendEmail(
    db,
    {
      email: input.parentEmail,
      name: text(asLanguage(input.language), 'parent_consent.greetingName', { child: input.child }),
      language: input.language,
    },
    { kind: 'parent_consent', params: { child: input.child, childEmail: input.childEmail, link, days: String(PARENT_LINK_DAYS) } },
  );
}

export async function tellExistingAccount(db: Db, to: EmailTo, publicUrl: string) {
  await sendEmail(db, to, {
    kind: 'signup_existing_account',
    params: { link: new URL('/', publicUrl).toString(), resetLink: new URL('/forgot-password', publicUrl).toString() },
  });
}
