// Who may do what in the lawyer journey (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong). A lawyer acts only once registered,
// only on requests addressed to them (policies/request.policy.ts), and uploads only for their own
// accepted clients (policies/document.policy.ts, from the member-record rule).
import { AppError } from '../../lib/errors.ts';

/** Reading one's own registration before /lawyerform was submitted: nothing to show yet. */
export const notRegisteredYet = () => new AppError(404, 'not_registered', 'You have not registered as a lawyer yet.');

/** Acting as a lawyer before /lawyerform was submitted (docs/spec.md: registration comes first). */
export const registrationRequired = () => new AppError(403, 'not_registered', 'Complete your lawyer registration first.');
