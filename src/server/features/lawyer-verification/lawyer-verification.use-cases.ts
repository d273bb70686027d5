// Who verifies a lawyer's Bar Council enrolment and how (docs/decisions/0048-lawyers-verified-before-families-see-them.md):
// the State-Administrator any lawyer; a jail authority those whose court is in its prison's district; a
// jail account of the whole deployment (no prison) none: it lists no one. A lawyer outside the verifier's
// district is not shown to it (404, docs/decisions/0004-404-vs-403.md). Each answer is one transaction with its audit entry.
import type { User } from '#shared/accounts.ts';
import type { AwaitingLawyersQuery, LawyerVerificationDecision, RejectLawyer } from '#shared/lawyer-verification.ts';
import type { AppDeps } from '../../types.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { decodeTimeCursor } from '../../lib/time-cursor.ts';
import {
  findLawyerPlace,
  findPrisonPlace,
  listAwaitingLawyers,
  markRejected,
  markVerified,
  scopeHolds,
  type VerifierScope,
} from './lawyer-verification.queries.ts';

type Deps = Pick<AppDeps, 'db'>;
type Verifier = Pick<User, 'id' | 'role' | 'prisonId'>;

async function scopeOf({ db }: Deps, user: Verifier): Promise<VerifierScope> {
  if (user.role === 'State-Administrator') return { kind: 'all' };
  if (user.role !== 'Jail-Authority') throw forbidden();
  // A jail account of the whole deployment has no district: it sees no lawyer to verify.
  const place = user.prisonId ? await findPrisonPlace(db, user.prisonId) : undefined;
  return place ? { kind: 'district', state: place.state, district: place.district } : { kind: 'none' };
}

export async function listAwaiting(deps: Deps, user: Verifier, query: AwaitingLawyersQuery) {
  const scope = await scopeOf(deps, user);
  return listAwaitingLawyers(deps.db, scope, query.after === undefined ? undefined : decodeTimeCursor(query.after));
}

/** Verifies or refuses a lawyer's enrolment: 404 outside the verifier's scope, 409 when it no longer awaits verification. */
export async function decideVerification(
  deps: Deps,
  user: Verifier,
  lawyerId: string,
  answer: { verify: true } | ({ verify: false } & RejectLawyer),
): Promise<LawyerVerificationDecision> {
  const scope = await scopeOf(deps, user);
  const lawyer = await findLawyerPlace(deps.db, lawyerId);
  if (!lawyer || !scopeHolds(scope, lawyer)) throw notFound('lawyer');
  const enrolment = lawyer.barEnrolmentNumber;
  const notAwaiting = () => conflict('conflict', 'This lawyer is not awaiting verification (already answered, or no enrolment given).');
  if (!enrolment) throw notAwaiting();
  return deps.db.transaction(async (tx) => {
    const details = { barEnrolmentNumber: enrolment, barCouncilState: lawyer.barCouncilState };
    if (answer.verify) {
      const at = await markVerified(tx, lawyerId, enrolment, user.id);
      if (!at) throw notAwaiting();
      await audit(tx, user.id, 'lawyer.verified', lawyerId, details);
      return { id: lawyerId, status: 'verified', decidedAt: at.toISOString() };
    }
    const at = await markRejected(tx, lawyerId, enrolment, answer.reason);
    if (!at) throw notAwaiting();
    await audit(tx, user.id, 'lawyer.verification_rejected', lawyerId, { ...details, reason: answer.reason });
    return { id: lawyerId, status: 'rejected', decidedAt: at.toISOString() };
  });
}
