// What a family member may do, decided from facts the queries load (docs/style.md#rules-of-thumb rule 1). The request and
// case rules are in src/server/policies/; this file adds the family member's own registration errors.
import { AppError } from '../../lib/errors.ts';
import { requestRefusal as refusal, type RequestFacts } from '../../policies/request.policy.ts';

export { alreadyRequested, type RequestFacts } from '../../policies/request.policy.ts';
export { caseExists } from '../../policies/case.policy.ts';

/** GET of the /fmform record before it exists: the client then shows the empty form. */
export const notRegisteredYet = () => new AppError(404, 'not_registered', 'You have not registered as a family member yet.');

/** Any other family action before /fmform is submitted. */
export const registrationRequired = () =>
  new AppError(403, 'not_registered', 'Please complete your family member registration (case details) first.');

/** Why a family member may not request this lawyer, or null when they may (docs/spec.md#4-states-and-transitions, Lawyer request). */
export const requestRefusal = (f: RequestFacts): AppError | null => refusal(f, registrationRequired);
