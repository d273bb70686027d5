// What changes a case's facts and its timeline: each change with its audit entry, in one transaction
// (the routes parse, check access and call one of these).
import type { CaseFactsParsed } from '#shared/cases.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { recordApplicationPrinted, updateCaseFacts } from '../../lib/case-facts.ts';

interface CaseRef {
  id: string;
  familyMemberId: string;
}

/** New facts on a case, only from the version the form was loaded at (else 409 stale_edit). */
export async function changeCaseFacts(db: Db, actorId: string, row: CaseRef, facts: CaseFactsParsed, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const fields = await updateCaseFacts(tx, row.id, actorId, facts, version);
    if (fields.length > 0) await audit(tx, actorId, 'case.facts_changed', row.familyMemberId, { caseId: row.id, fields });
  });
}

/** A printed S.479(3) application, on the case's timeline; returns when. */
export function recordPrintedApplication(db: Db, actorId: string, row: CaseRef): Promise<Date> {
  return db.transaction(async (tx) => {
    const printedAt = await recordApplicationPrinted(tx, row.id, actorId);
    await audit(tx, actorId, 'case.application_printed', row.familyMemberId, { caseId: row.id });
    return printedAt;
  });
}
