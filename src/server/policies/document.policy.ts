// Who may open or add a document: a document belongs to a family member's record, so the record's
// rule decides (member-record.policy.ts). A refused download is a 404: its existence is not revealed.
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { decideMemberRecord, memberRecordDecision, type Actor, type ClientRelation } from './member-record.policy.ts';

/** May this user download a document of this member's record? */
export async function canReadDocument(db: Db, actor: Actor, document: { familyMemberId: string }): Promise<boolean> {
  return (await memberRecordDecision(db, actor, document.familyMemberId, 'read-record')) === 'allow';
}

/** The document when the user may download it; a missing document and a hidden one answer alike (404). */
export async function readableDocument<T extends { familyMemberId: string }>(db: Db, actor: Actor, document: T | undefined): Promise<T> {
  if (!document || !(await canReadDocument(db, actor, document))) throw notFound('document');
  return document;
}

/**
 * A lawyer adding a bail paper needs an accepted request. Someone who only asked this lawyer may be
 * seen (their request details) but not acted on → 403; anyone else is not revealed → 404.
 */
export function bailPaperUploadRefusal(actor: Actor, familyMemberId: string, relation: ClientRelation): AppError | null {
  switch (decideMemberRecord(actor, familyMemberId, relation, 'upload-bail-paper')) {
    case 'allow':
      return null;
    case 'forbidden':
      return new AppError(403, 'not_client', 'You can upload bail papers only for clients whose request you accepted.');
    case 'not_found':
      return notFound('client');
  }
}
