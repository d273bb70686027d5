// Who may do what in the lawyer journey (DESIGN §3). A lawyer acts only once registered, only on
// requests addressed to them, and uploads only for their own accepted clients.
import { AppError, forbidden, notFound } from '../../lib/errors.ts';

/** Reading one's own registration before /lawyerform was submitted: nothing to show yet. */
export const notRegisteredYet = () => new AppError(404, 'not_registered', 'You have not registered as a lawyer yet.');

/** Acting as a lawyer before /lawyerform was submitted (SPEC §4: registration comes first). */
export const registrationRequired = () => new AppError(403, 'not_registered', 'Complete your lawyer registration first.');

export function assertRegistered(registered: boolean): void {
  if (!registered) throw registrationRequired();
}

/** The lawyer's relation to a family member, as stored in lawyer_requests. */
export type ClientRelation = 'accepted' | 'pending' | undefined;

/**
 * Uploading a bail paper needs an accepted request. Someone who only asked this lawyer may be seen
 * (their request details) but not acted on → 403; anyone else is not revealed → 404.
 */
export function assertCanUploadFor(relation: ClientRelation): void {
  if (relation === 'accepted') return;
  if (relation === 'pending')
    throw new AppError(403, 'not_client', 'You can upload bail papers only for clients whose request you accepted.');
  throw notFound('client');
}

/** Why a conditional decision matched no row: not this lawyer's request → 404; already answered → 409. */
export function decisionRefusal(request: { lawyerId: string; status: string } | undefined, lawyerId: string): AppError {
  if (!request || request.lawyerId !== lawyerId) return notFound('request');
  if (request.status !== 'pending') return new AppError(409, 'request_decided', `This request was already ${request.status}.`);
  // Matched nothing yet still pending and ours: cannot happen, but never report success.
  return forbidden();
}
