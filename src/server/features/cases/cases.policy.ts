// Who may see and change a case's facts. The family member who owns the case, a lawyer
// whose request from that family member was accepted, and the jail authority may read and edit; a
// lawyer with only a pending request may read the case (they can see the request) but not edit it;
// anyone else is not told the case exists.
import type { User } from '#shared/accounts.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { decideMemberRecord, type ClientRelation } from '../../policies/member-record.policy.ts';

export interface CaseAccessFacts {
  familyMemberId: string;
  /** This lawyer's open request from the case's family member, if any. */
  lawyerRelation: ClientRelation;
}

export type CaseAccess = 'edit' | 'read' | 'none';

/** The member-record rule (policies/member-record.policy.ts), read for a case: edit, read only, or hidden. */
export function caseAccess(user: Pick<User, 'id' | 'role'>, c: CaseAccessFacts): CaseAccess {
  if (decideMemberRecord(user, c.familyMemberId, c.lawyerRelation, 'edit-case') === 'allow') return 'edit';
  return decideMemberRecord(user, c.familyMemberId, c.lawyerRelation, 'read-request') === 'allow' ? 'read' : 'none';
}

export function assertCanRead(access: CaseAccess): void {
  if (access === 'none') throw notFound('case');
}

export function assertCanEdit(access: CaseAccess): void {
  assertCanRead(access);
  if (access !== 'edit') throw forbidden('Only the family, the lawyer who accepted the case and the jail authority can change its facts.');
}

/** The S.479(3) application is the superintendent's: only for a case whose half / one-third date has come. */
export const notEligible = () => new AppError(409, 'not_eligible', 'This case is not eligible for release under Section 479 BNSS today.');
