// npm run admin:create -- --email ADDRESS --name "NAME": the first (or another) State-Administrator.
// Run on the server by whoever operates it; there is no published default account and no sign-up for
// this role (docs/decisions/0046-prisoner-and-prisons.md#the-first-administrator). The account is made
// with no usable password, and this prints a one-time link (valid as a password reset is) that sets
// it; the administrator then enrols the second factor on first sign-in. Against DATABASE_URL, or the
// embedded database in DATA_DIR (stop the server first). Refuses an address that has an account.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { users } from '#server/db/schema.ts';
import { audit } from '#server/lib/audit.ts';
import { createLink } from '#server/lib/email-links.ts';
import { hashPassword } from '#server/lib/password.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const email = (values.email ?? '').trim().toLowerCase();
const name = (values.name ?? '').trim();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || name.length === 0 || name.length > 120) {
  console.error('usage: npm run admin:create -- --email ADDRESS --name "NAME"');
  process.exit(2);
}
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
const handle = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: path.join(process.env.DATA_DIR ?? './data', 'db') });
try {
  await migrate(handle);
  const link = await handle.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) return undefined;
    // A password nobody knows: the link sets the real one.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const [admin] = await tx.insert(users).values({ email, name, role: 'State-Administrator', passwordHash }).returning({ id: users.id });
    await audit(tx, null, 'account.admin_created', admin!.id, { by: 'command line' });
    return createLink(tx, admin!.id, 'reset', publicUrl);
  });
  if (!link) {
    console.error(`${email} already has an account: nothing changed.`);
    process.exitCode = 1;
  } else {
    console.log(`State-Administrator ${name} <${email}> created.`);
    console.log(`Open this link once to choose the password (then sign in and enrol the second factor):\n  ${link}`);
  }
} finally {
  await handle.close();
}
