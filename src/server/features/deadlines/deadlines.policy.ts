// Who may see and record hearings and bail dates of a case: the member-record rule
// (policies/member-record.policy.ts, actions read-record and record-hearing). The family member sees
// their own cases; the lawyer whose request for that family member was accepted, and the jail
// authority, see and record.
import type { User } from '#shared/accounts.ts';
import type { RecordableBailStep } from '#shared/bail-timeline.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { decideMemberRecord, type MemberRecordAction } from '../../policies/member-record.policy.ts';

export interface CaseFacts {
  familyMemberId: string;
  /** The user is a lawyer with an accepted request for this family member. */
  acceptedLawyer: boolean;
  /** The user is a jail authority of one prison, and the member follows a prisoner held there. */
  inPrison?: boolean;
}

const decide = (user: User, facts: CaseFacts, action: MemberRecordAction) =>
  decideMemberRecord(user, facts.familyMemberId, facts.acceptedLawyer ? 'accepted' : facts.inPrison ? 'in-prison' : undefined, action);

export function canSeeCase(user: User, facts: CaseFacts): boolean {
  return decide(user, facts, 'read-record') === 'allow';
}

export function canRecordForCase(user: User, facts: CaseFacts): boolean {
  return decide(user, facts, 'record-hearing') === 'allow';
}

/** 404 when the case is unknown or hidden, 403 when visible but not changeable. */
export function assertCanRecord(user: User, facts: CaseFacts | undefined): asserts facts is CaseFacts {
  if (!facts) throw notFound('case');
  const decision = decide(user, facts, 'record-hearing');
  if (decision === 'not_found') throw notFound('case');
  if (decision === 'forbidden') throw forbidden();
}

/**
 * The bail steps this user may record on the case, whatever comes next (src/shared/bail-timeline.ts):
 * the order and the bonds by the family member or their accepted lawyer (those who may upload the bail
 * paper), the release by the jail that holds the prisoner.
 */
export function bailStepsFor(user: User, facts: CaseFacts): RecordableBailStep[] {
  const steps: RecordableBailStep[] = [];
  if (decide(user, facts, 'upload-bail-paper') === 'allow') steps.push('order', 'furnished');
  if (user.role === 'Jail-Authority' && decide(user, facts, 'record-hearing') === 'allow') steps.push('released');
  return steps;
}

/** 404 when the case is unknown or hidden, 403 when this side does not record that step. */
export function assertCanRecordBailStep(user: User, facts: CaseFacts | undefined, step: RecordableBailStep): asserts facts is CaseFacts {
  if (!facts || decide(user, facts, 'read-record') !== 'allow') throw notFound('case');
  if (!bailStepsFor(user, facts).includes(step)) throw forbidden();
}
