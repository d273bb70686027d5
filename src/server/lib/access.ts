// Who may see a family member's record (DESIGN §3): the family member themself, a lawyer who
// accepted them (or, for the request details only, one they asked), and the jail authority.
import { and, eq, inArray } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import type { Db } from '../db/client.ts';
import { lawyerRequests } from '../db/schema.ts';

export async function canReadMemberRecord(
  db: Db,
  user: User,
  familyMemberId: string,
  options: { includePendingLawyer?: boolean } = {},
): Promise<boolean> {
  if (user.role === 'Jail-Authority') return true;
  if (user.role === 'Family-Member') return user.id === familyMemberId;
  const statuses: ('pending' | 'accepted')[] = options.includePendingLawyer ? ['pending', 'accepted'] : ['accepted'];
  const [row] = await db
    .select({ id: lawyerRequests.id })
    .from(lawyerRequests)
    .where(
      and(
        eq(lawyerRequests.lawyerId, user.id),
        eq(lawyerRequests.familyMemberId, familyMemberId),
        inArray(lawyerRequests.status, statuses),
      ),
    )
    .limit(1);
  return !!row;
}
