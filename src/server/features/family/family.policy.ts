// What a family member may do, decided from facts the queries load (STYLE rule 1).
import { AppError, conflict, notFound } from '../../lib/errors.ts';

/** GET of the /fmform record before it exists: the client then shows the empty form. */
export const notRegisteredYet = () => new AppError(404, 'not_registered', 'You have not registered as a family member yet.');

/** Any other family action before /fmform is submitted. */
export const registrationRequired = () =>
  new AppError(403, 'not_registered', 'Please complete your family member registration (case details) first.');

export const caseExists = () => conflict('case_exists', 'You already have a case with this case ID.');
export const alreadyRequested = () => conflict('already_requested', 'You have already requested this lawyer.');

export interface RequestFacts {
  /** The requesting member's case types (empty when not registered). */
  caseTypes: readonly string[];
  registered: boolean;
  lawyer: { lawyerType: string } | undefined;
  /** A pending or accepted request from this member to this lawyer already exists. */
  hasOpenRequest: boolean;
}

/** Why a family member may not request this lawyer, or null when they may (SPEC §4 Lawyer request). */
export function requestRefusal(f: RequestFacts): AppError | null {
  if (!f.registered) return registrationRequired();
  if (!f.lawyer) return notFound('lawyer');
  if (!f.caseTypes.includes(f.lawyer.lawyerType))
    return conflict('lawyer_type_mismatch', "This lawyer does not handle your case type. Choose a lawyer of your case's type.");
  if (f.hasOpenRequest) return alreadyRequested();
  return null;
}
