// What changes a case's facts and its timeline: each change with its audit entry, in one transaction
// (the routes parse, check access and call one of these).
import type { CaseFactsParsed } from '#shared/cases.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import {
  framesCharges,
  lockPrisoners,
  recordApplicationPrinted,
  refreshPrisonerCases,
  saveFactsAsRead,
  updateCaseFacts,
  type SavedAsRead,
} from '../../lib/case-facts.ts';
import { findRecipients, notify } from '../../lib/notify.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { DisposalBody } from '#shared/cases.ts';
import { todayInIndia } from '#shared/release.ts';
import { eq } from 'drizzle-orm';
import { caseEvents, cases } from '../../db/schema.ts';
import { chargesFramedAudience, findPrisonName, lockPrisonerForMove, movePrisoner, transferAudience } from './cases.queries.ts';

interface CaseRef {
  id: string;
  familyMemberId: string;
}

/** New facts on a case, only from the version the form was loaded at (else 409 stale_edit). */
export async function changeCaseFacts(
  db: Db,
  actorId: string,
  row: Parameters<typeof saveFactsAsRead>[1],
  facts: CaseFactsParsed,
  version: number,
  publicUrl: string,
): Promise<SavedAsRead | null> {
  // Most saves: one statement, while the row is as it was read; otherwise the locked path below (null:
  // the caller reads the case again).
  const saved = await saveFactsAsRead(db, row, actorId, facts, version);
  if (saved) return saved;
  await db.transaction(async (tx) => {
    const fields = await updateCaseFacts(tx, row.id, actorId, facts, version);
    if (fields.length > 0) await audit(tx, actorId, 'case.facts_changed', row.familyMemberId, { caseId: row.id, fields });
    // Charges framed (or changed): the dates now count from them, so the jail of the prisoner's prison, the
    // family and its lawyers are told (docs/law.md#section-479-bnss).
    if (framesCharges(facts, fields)) await tellChargesFramed(tx, actorId, row.id, publicUrl);
  });
  return null;
}

async function tellChargesFramed(tx: Db, actorId: string, caseId: string, publicUrl: string) {
  const about = await chargesFramedAudience(tx, caseId);
  if (!about) return;
  const params = { caseNumber: about.caseNumber, prisoner: about.prisonerName };
  for (const r of await findRecipients(
    tx,
    about.ids.filter((id) => id !== actorId),
  )) {
    const link = r.role === 'Family-Member' ? '/family-case' : `/case/${encodeURIComponent(caseId)}`;
    await notify(tx, r, { kind: 'charges_framed', params, link, publicUrl });
  }
}

/** A printed S.479(3) application, on the case's timeline; returns when. */
export function recordPrintedApplication(db: Db, actorId: string, row: CaseRef): Promise<Date> {
  return db.transaction(async (tx) => {
    const printedAt = await recordApplicationPrinted(tx, row.id, actorId);
    await audit(tx, actorId, 'case.application_printed', row.familyMemberId, { caseId: row.id });
    return printedAt;
  });
}

/**
 * Records the court's decision that ended the case, or takes it back (`decision` null): on the case's
 * timeline and in the audit. From the decision's day the retention job counts the case's period
 * (docs/retention.md#closed-cases); taking it back stops that. A decided case is no longer pending: its
 * release dates go, and the prisoner's other cases no longer count it (S.479(2)). A decision after today is refused.
 */
export async function recordDisposal(db: Db, actorId: string, row: CaseRef, decision: DisposalBody | null): Promise<void> {
  if (decision && decision.disposedOn > todayInIndia())
    throw invalid('A date is in the future.', [{ path: 'disposedOn', message: 'This date cannot be in the future.' }]);
  await db.transaction(async (tx) => {
    // The prisoner's lock before the case's (lockPrisoners): the recount below rewrites their other cases.
    const [ref] = await tx.select({ prisonerId: cases.prisonerId }).from(cases).where(eq(cases.id, row.id));
    await lockPrisoners(tx, [ref?.prisonerId ?? null]);
    const [before] = await tx
      .select({ disposedOn: cases.disposedOn, disposal: cases.disposal, prisonerId: cases.prisonerId })
      .from(cases)
      .where(eq(cases.id, row.id))
      .for('update');
    if (!before) throw notFound('case');
    const after = { disposedOn: decision?.disposedOn ?? null, disposal: decision?.disposal ?? null };
    if (before.disposedOn === after.disposedOn && before.disposal === after.disposal) return;
    await tx.update(cases).set(after).where(eq(cases.id, row.id));
    // A decided case stores no release dates and bars no other (S.479(2) counts pending cases): recounted.
    await refreshPrisonerCases(tx, [before.prisonerId]);
    await tx.insert(caseEvents).values({ caseId: row.id, actorId, kind: 'facts_changed', details: { fields: ['disposal'] } });
    await audit(tx, actorId, decision ? 'case.disposal_recorded' : 'case.disposal_taken_back', row.familyMemberId, {
      caseId: row.id,
      ...(decision ? { disposal: decision.disposal, disposedOn: decision.disposedOn } : {}),
    });
  });
}

const SAME_PRISON = 'The person is held in this prison already: choose the prison they are moved to.';

/**
 * The jail moves the case's prisoner to another prison (docs/decisions/0047-jail-sees-its-own-prison.md):
 * the move is kept (prisoner_transfers), the relatives' records follow the prisoner to the new jail's
 * lists, and the family and the new prison's jail are told.
 */
export async function transferPrisoner(
  db: Db,
  actorId: string,
  row: CaseRef & { prisonerId: string | null },
  toPrisonId: string,
  publicUrl: string,
) {
  return db.transaction(async (tx) => {
    const prisoner = row.prisonerId ? await lockPrisonerForMove(tx, row.prisonerId) : undefined;
    if (!prisoner) throw notFound('case');
    const to = await findPrisonName(tx, toPrisonId);
    if (to === undefined) throw notFound('prison');
    if (prisoner.prisonId === toPrisonId) throw invalid(SAME_PRISON, [{ path: 'toPrisonId', message: SAME_PRISON }]);
    const from = (await findPrisonName(tx, prisoner.prisonId)) ?? prisoner.prisonOther ?? '';
    await movePrisoner(tx, { prisonerId: prisoner.id, from: prisoner.prisonId, to: toPrisonId, actorId });
    await audit(tx, actorId, 'prisoner.transferred', row.familyMemberId, {
      prisonerId: prisoner.id,
      from: prisoner.prisonId,
      to: toPrisonId,
    });
    const ids = (await transferAudience(tx, prisoner.id, toPrisonId)).filter((id) => id !== actorId);
    const params = { prisoner: prisoner.name, from, to };
    for (const r of await findRecipients(tx, ids)) {
      const link = r.role === 'Family-Member' ? '/family-case' : '/jail-authority';
      await notify(tx, r, { kind: 'prisoner_transferred', params, link, publicUrl });
    }
    return { prison: { id: toPrisonId, name: to }, at: new Date().toISOString() };
  });
}
