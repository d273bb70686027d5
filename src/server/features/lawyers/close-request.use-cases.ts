// A family member closes one of their lawyer requests (withdraws a pending one, ends an accepted
// engagement): in one transaction, the conditional update from the one status it may leave, the
// lawyer's notice in their language and the audit entry. The status condition makes it race-safe:
// of two changes at once, exactly one matches the row and the other gets the refusal (409).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lawyerRequests, users } from '../../db/schema.ts';
import type { AppError } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';
import type { MessageKind } from '../../lib/messages.ts';
import { findRecipient, notify } from '../../lib/notify.ts';

export interface CloseRequestInput {
  requestId: string;
  member: { id: string; name: string };
  publicUrl: string;
}

interface Closing {
  from: 'pending' | 'accepted';
  to: 'withdrawn' | 'ended';
  /** The column that records when (decidedAt for a withdrawal, endedAt for an ending). */
  stamp: 'decidedAt' | 'endedAt';
  refusal: (request: { familyMemberId: string; status: string } | undefined, memberId: string) => AppError;
  notice: { kind: MessageKind; link: string };
  auditAction: string;
}

export async function closeRequest(db: Db, input: CloseRequestInput, closing: Closing) {
  const { requestId, member } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(lawyerRequests)
      .set({ status: closing.to, [closing.stamp]: new Date() })
      .where(and(eq(lawyerRequests.id, requestId), eq(lawyerRequests.familyMemberId, member.id), eq(lawyerRequests.status, closing.from)))
      .returning({ id: lawyerRequests.id, lawyerId: lawyerRequests.lawyerId, at: lawyerRequests[closing.stamp] });
    if (!row) {
      const [request] = await tx
        .select({ familyMemberId: lawyerRequests.familyMemberId, status: lawyerRequests.status })
        .from(lawyerRequests)
        .where(eq(lawyerRequests.id, requestId))
        .limit(1);
      throw closing.refusal(request, member.id);
    }
    const lawyer = await findRecipient(tx, row.lawyerId);
    if (lawyer) {
      await notify(tx, lawyer, {
        kind: closing.notice.kind,
        params: { family: member.name },
        link: closing.notice.link,
        publicUrl: input.publicUrl,
      });
    }
    await audit(tx, member.id, closing.auditAction, member.id, { requestId: row.id, lawyerId: row.lawyerId });
    const name = lawyer?.name ?? (await tx.select({ name: users.name }).from(users).where(eq(users.id, row.lawyerId)))[0]?.name ?? '';
    return { id: row.id, at: (row.at ?? new Date()).toISOString(), lawyer: { id: row.lawyerId, name } };
  });
}
