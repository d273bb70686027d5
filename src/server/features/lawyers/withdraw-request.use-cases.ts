// A family member withdraws a lawyer request while it is still pending (docs/spec.md#4-states-and-transitions).
// One transaction: the conditional update, the lawyer's notice in their language and the audit entry.
// The status condition makes it race-safe against the lawyer answering at the same moment: both
// updates require 'pending', so exactly one matches the row and the other gets a 409.
import { and, eq } from 'drizzle-orm';
import type { WithdrawnRequest } from '#shared/withdraw-request.ts';
import type { Db } from '../../db/client.ts';
import { lawyerRequests, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { findRecipient, notify } from '../../lib/notify.ts';
import { withdrawalRefusal } from '../../policies/request.policy.ts';

export interface WithdrawRequestInput {
  requestId: string;
  member: { id: string; name: string };
  publicUrl: string;
}

export async function withdrawRequest(db: Db, input: WithdrawRequestInput): Promise<WithdrawnRequest> {
  const { requestId, member } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(lawyerRequests)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(lawyerRequests.id, requestId), eq(lawyerRequests.familyMemberId, member.id), eq(lawyerRequests.status, 'pending')))
      .returning({ id: lawyerRequests.id, lawyerId: lawyerRequests.lawyerId, decidedAt: lawyerRequests.decidedAt });
    if (!row) {
      const [request] = await tx
        .select({ familyMemberId: lawyerRequests.familyMemberId, status: lawyerRequests.status })
        .from(lawyerRequests)
        .where(eq(lawyerRequests.id, requestId))
        .limit(1);
      throw withdrawalRefusal(request, member.id);
    }
    const lawyer = await findRecipient(tx, row.lawyerId);
    if (lawyer) {
      await notify(tx, lawyer, {
        kind: 'request_withdrawn',
        params: { family: member.name },
        link: '/pending-case',
        publicUrl: input.publicUrl,
      });
    }
    await audit(tx, member.id, 'lawyer_request.withdrawn', member.id, { requestId: row.id, lawyerId: row.lawyerId });
    const name = lawyer?.name ?? (await tx.select({ name: users.name }).from(users).where(eq(users.id, row.lawyerId)))[0]?.name ?? '';
    return {
      id: row.id,
      status: 'withdrawn',
      withdrawnAt: (row.decidedAt ?? new Date()).toISOString(),
      lawyer: { id: row.lawyerId, name },
    };
  });
}
