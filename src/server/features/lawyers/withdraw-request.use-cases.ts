// A family member withdraws a lawyer request while it is still pending (docs/spec.md#4-states-and-transitions).
// One transaction: the conditional update, the lawyer's notice in their language and the audit entry.
// The status condition makes it race-safe against the lawyer answering at the same moment: both
// updates require 'pending', so exactly one matches the row and the other gets a 409.
import type { WithdrawnRequest } from '#shared/withdraw-request.ts';
import type { Db } from '../../db/client.ts';
import { withdrawalRefusal } from '../../policies/request.policy.ts';
import { closeRequest, type CloseRequestInput } from './close-request.use-cases.ts';

export type WithdrawRequestInput = CloseRequestInput;

export async function withdrawRequest(db: Db, input: WithdrawRequestInput): Promise<WithdrawnRequest> {
  const closed = await closeRequest(db, input, {
    from: 'pending',
    to: 'withdrawn',
    stamp: 'decidedAt',
    refusal: withdrawalRefusal,
    notice: { kind: 'request_withdrawn', link: '/pending-case' },
    auditAction: 'lawyer_request.withdrawn',
  });
  return { id: closed.id, status: 'withdrawn', withdrawnAt: closed.at, lawyer: closed.lawyer };
}
