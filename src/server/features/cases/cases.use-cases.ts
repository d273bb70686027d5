// What changes a case's facts and its timeline: each change with its audit entry, in one transaction
// (the routes parse, check access and call one of these).
import type { CaseFactsParsed } from '#shared/cases.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { recordApplicationPrinted, updateCaseFacts } from '../../lib/case-facts.ts';
import { findRecipients, notify } from '../../lib/notify.ts';
import { chargesFramedAudience } from './cases.queries.ts';

interface CaseRef {
  id: string;
  familyMemberId: string;
}

/** New facts on a case, only from the version the form was loaded at (else 409 stale_edit). */
export async function changeCaseFacts(
  db: Db,
  actorId: string,
  row: CaseRef,
  facts: CaseFactsParsed,
  version: number,
  publicUrl: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const fields = await updateCaseFacts(tx, row.id, actorId, facts, version);
    if (fields.length > 0) await audit(tx, actorId, 'case.facts_changed', row.familyMemberId, { caseId: row.id, fields });
    // Charges framed (or changed): the dates now count from them, so the jail of the prisoner's prison, the
    // family and its lawyers are told (docs/law.md#section-479-bnss).
    if (facts.chargesFramed.length > 0 && fields.some((f) => f === 'chargesFramed' || f === 'chargesFramedOn'))
      await tellChargesFramed(tx, actorId, row.id, publicUrl);
  });
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
