import type { Db } from '../../db/client.ts';
import { findValidLink, sendLinkIfAccount } from '../../lib/email-links.ts';

/** Starts a reset for whoever owns `email`, doing the same work whether or not anyone does (lib/email-links.ts). */
export async function startPasswordReset(db: Db, email: string, publicUrl: string) {
  await sendLinkIfAccount(db, email, 'reset', publicUrl);
}

/** The reset link behind a token, if it is unused and unexpired. */
export const findValidReset = (db: Db, token: string) => findValidLink(db, token, 'reset');
