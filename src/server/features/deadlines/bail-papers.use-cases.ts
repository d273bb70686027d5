// The jail's printed intimation to the DLSA records the DLSA as informed that day, once
// (docs/decisions/0055-jail-intimation-informs-the-dlsa.md): one transaction with its audit entry.
import { eq } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import { todayInIndia } from '#shared/release.ts';
import type { Db } from '../../db/client.ts';
import { cases } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertCanRecord } from './deadlines.policy.ts';
import { findCase } from './deadlines.queries.ts';

/**
 * The jail printed its intimation to the DLSA: the DLSA counts as informed on that day unless a day is
 * already recorded (the DLSA's own record, or an earlier print), which stays. Only while bail is granted
 * and the person not released; audited either way.
 */
export async function recordIntimation(db: Db, user: User, caseId: string, today = todayInIndia()) {
  const row = await findCase(db, caseId, user);
  assertCanRecord(user, row);
  if (user.role !== 'Jail-Authority') throw notFound('case');
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ bailGrantedOn: cases.bailGrantedOn, releasedOn: cases.releasedOn, informed: cases.dlsaInformedOn })
      .from(cases)
      .where(eq(cases.id, caseId))
      .for('update');
    if (!c?.bailGrantedOn || c.bailGrantedOn > today || (c.releasedOn && c.releasedOn <= today))
      throw conflict('not_eligible', 'The intimation is for a person granted bail and not released.');
    const recorded = c.informed === null;
    const on = c.informed ?? today;
    if (recorded) await tx.update(cases).set({ dlsaInformedOn: today }).where(eq(cases.id, caseId));
    await audit(tx, user.id, 'bail.intimation-printed', caseId, { on: today, informedOn: on, recorded });
    return { dlsaInformedOn: on, recorded };
  });
}
