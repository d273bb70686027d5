// Who may see and record hearings and bail dates of a case. The server alone
// decides: the family member sees their own cases; the lawyer whose request for that family
// member was accepted, and the jail authority, see and record.
import type { User } from '#shared/accounts.ts';
import { forbidden, notFound } from '../../lib/errors.ts';

export interface CaseFacts {
  familyMemberId: string;
  /** The user is a lawyer with an accepted request for this family member. */
  acceptedLawyer: boolean;
}

export function canSeeCase(user: User, facts: CaseFacts): boolean {
  if (user.role === 'Jail-Authority') return true;
  if (user.role === 'Lawyer') return facts.acceptedLawyer;
  return facts.familyMemberId === user.id;
}

export function canRecordForCase(user: User, facts: CaseFacts): boolean {
  return user.role === 'Jail-Authority' || (user.role === 'Lawyer' && facts.acceptedLawyer);
}

/** 404 when the case is unknown or hidden, 403 when visible but not changeable. */
export function assertCanRecord(user: User, facts: CaseFacts | undefined): asserts facts is CaseFacts {
  if (!facts || !canSeeCase(user, facts)) throw notFound('case');
  if (!canRecordForCase(user, facts)) throw forbidden();
}
