// Kept for callers written before src/server/policies/: the rule itself lives in
// policies/member-record.policy.ts (who may see a family member's record).
import type { User } from '#shared/accounts.ts';
import type { Db } from '../db/client.ts';
import { memberRecordDecision } from '../policies/member-record.policy.ts';

/** May this user read the member's record (or, with includePendingLawyer, the details of a request to them)? */
export async function canReadMemberRecord(
  db: Db,
  user: User,
  familyMemberId: string,
  options: { includePendingLawyer?: boolean } = {},
): Promise<boolean> {
  const action = options.includePendingLawyer ? 'read-request' : 'read-record';
  return (await memberRecordDecision(db, user, familyMemberId, action)) === 'allow';
}
