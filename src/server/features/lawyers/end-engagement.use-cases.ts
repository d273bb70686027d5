// A family member ends the engagement of a lawyer who accepted their request (decision 0033, probe defect 8).
// One transaction: the conditional update, the lawyer's notice in their language and the audit entry.
// The lawyer's access follows from the status alone: every check and list of a lawyer's clients reads
// status = 'accepted' (policies/member-record.policy.ts), and the counters and stored cards are kept
// by the triggers on lawyer_requests (drizzle/0020_end_engagement.sql says why nothing else changes).
// The status condition makes it race-safe: two endings, or an ending and anything else that moves the
// request out of 'accepted', match the row once; the other gets a 409.
import { and, eq } from 'drizzle-orm';
import type { EndedEngagement } from '#shared/end-engagement.ts';
import type { Db } from '../../db/client.ts';
import { lawyerRequests, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { findRecipient, notify } from '../../lib/notify.ts';
import { endingRefusal } from '../../policies/request.policy.ts';

export interface EndEngagementInput {
  requestId: string;
  member: { id: string; name: string };
  publicUrl: string;
}

export async function endEngagement(db: Db, input: EndEngagementInput): Promise<EndedEngagement> {
  const { requestId, member } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(lawyerRequests)
      .set({ status: 'ended', endedAt: new Date() })
      .where(and(eq(lawyerRequests.id, requestId), eq(lawyerRequests.familyMemberId, member.id), eq(lawyerRequests.status, 'accepted')))
      .returning({ id: lawyerRequests.id, lawyerId: lawyerRequests.lawyerId, endedAt: lawyerRequests.endedAt });
    if (!row) {
      const [request] = await tx
        .select({ familyMemberId: lawyerRequests.familyMemberId, status: lawyerRequests.status })
        .from(lawyerRequests)
        .where(eq(lawyerRequests.id, requestId))
        .limit(1);
      throw endingRefusal(request, member.id);
    }
    const lawyer = await findRecipient(tx, row.lawyerId);
    if (lawyer) {
      await notify(tx, lawyer, {
        kind: 'engagement_ended',
        params: { family: member.name },
        link: '/lawyer-cases',
        publicUrl: input.publicUrl,
      });
    }
    await audit(tx, member.id, 'lawyer_request.ended', member.id, { requestId: row.id, lawyerId: row.lawyerId });
    const name = lawyer?.name ?? (await tx.select({ name: users.name }).from(users).where(eq(users.id, row.lawyerId)))[0]?.name ?? '';
    return {
      id: row.id,
      status: 'ended',
      endedAt: (row.endedAt ?? new Date()).toISOString(),
      lawyer: { id: row.lawyerId, name },
    };
  });
}
