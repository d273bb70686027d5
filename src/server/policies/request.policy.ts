// Lawyer requests: who may ask whom, and who may answer. A request is "open" while pending or
// accepted (OPEN_REQUEST_STATUSES, the same list the partial unique index in schema.ts uses): a
// member has at most one open request per lawyer.
import { AppError, conflict, forbidden, notFound } from '../lib/errors.ts';

export const alreadyRequested = () => conflict('already_requested', 'You have already requested this lawyer.');

/** What a family member asking a lawyer has, as the queries load it. */
export interface RequestFacts {
  /** The requesting member's case types (empty when not registered). */
  caseTypes: readonly string[];
  registered: boolean;
  lawyer: { lawyerType: string } | undefined;
  /** A pending or accepted request from this member to this lawyer already exists. */
  hasOpenRequest: boolean;
}

/** Why a family member may not request this lawyer, or null when they may (docs/spec.md#4-states-and-transitions, Lawyer request). */
export function requestRefusal(f: RequestFacts, registrationRequired: () => AppError): AppError | null {
  if (!f.registered) return registrationRequired();
  if (!f.lawyer) return notFound('lawyer');
  if (!f.caseTypes.includes(f.lawyer.lawyerType))
    return conflict('lawyer_type_mismatch', "This lawyer does not handle your case type. Choose a lawyer of your case's type.");
  if (f.hasOpenRequest) return alreadyRequested();
  return null;
}

export const requestWithdrawn = () => conflict('request_withdrawn', 'The family member has withdrawn this request.');

/** Why a lawyer's conditional decision matched no row: not this lawyer's request → 404; already answered → 409. */
export function decisionRefusal(request: { lawyerId: string; status: string } | undefined, lawyerId: string): AppError {
  if (!request || request.lawyerId !== lawyerId) return notFound('request');
  if (request.status === 'withdrawn') return requestWithdrawn();
  if (request.status !== 'pending') return new AppError(409, 'request_decided', `This request was already ${request.status}.`);
  // Matched nothing yet still pending and ours: cannot happen, but never report success.
  return forbidden();
}

/**
 * Why a family member's conditional withdrawal matched no row: not this member's request → 404;
 * withdrawn already → 409 request_withdrawn; answered by the lawyer (perhaps a moment earlier) → 409.
 */
export function withdrawalRefusal(request: { familyMemberId: string; status: string } | undefined, memberId: string): AppError {
  if (!request || request.familyMemberId !== memberId) return notFound('request');
  if (request.status === 'withdrawn') return requestWithdrawn();
  if (request.status !== 'pending') return new AppError(409, 'request_decided', `The lawyer has already ${request.status} this request.`);
  return forbidden();
}

export const engagementEnded = () => conflict('engagement_ended', "You have already ended this lawyer's engagement.");

/**
 * Why a family member's conditional ending of an engagement matched no row: not this member's
 * request → 404; ended already → 409 engagement_ended; never accepted, or no longer (withdrawn,
 * declined, still pending) → 409 not_engaged.
 */
export function endingRefusal(request: { familyMemberId: string; status: string } | undefined, memberId: string): AppError {
  if (!request || request.familyMemberId !== memberId) return notFound('request');
  if (request.status === 'ended') return engagementEnded();
  if (request.status !== 'accepted')
    return conflict('not_engaged', 'This lawyer has not accepted this request, so there is no engagement to end.');
  return forbidden();
}
