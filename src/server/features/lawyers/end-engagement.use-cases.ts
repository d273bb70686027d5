// A family member ends the engagement of a lawyer who accepted their request (decision 0033, probe defect 8).
// One transaction: the conditional update, the lawyer's notice in their language and the audit entry.
// The lawyer's access follows from the status alone: every check and list of a lawyer's clients reads
// status = 'accepted' (policies/member-record.policy.ts), and the counters and stored cards are kept
// by the triggers on lawyer_requests (drizzle/0020_end_engagement.sql says why nothing else changes).
// The status condition makes it race-safe: two endings, or an ending and anything else that moves the
// request out of 'accepted', match the row once; the other gets a 409.
import type { EndedEngagement } from '#shared/end-engagement.ts';
import type { Db } from '../../db/client.ts';
import { endingRefusal } from '../../policies/request.policy.ts';
import { closeRequest, type CloseRequestInput } from './close-request.use-cases.ts';

export type EndEngagementInput = CloseRequestInput;

export async function endEngagement(db: Db, input: EndEngagementInput): Promise<EndedEngagement> {
  const closed = await closeRequest(db, input, {
    from: 'accepted',
    to: 'ended',
    stamp: 'endedAt',
    refusal: endingRefusal,
    notice: { kind: 'engagement_ended', link: '/lawyer-cases' },
    auditAction: 'lawyer_request.ended',
  });
  return { id: closed.id, status: 'ended', endedAt: closed.at, lawyer: closed.lawyer };
}
