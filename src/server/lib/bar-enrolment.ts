// The Bar Council enrolment on a lawyer's record, written by the registration form and the profile
// alike: a changed enrolment is no longer the one that was verified (or refused), so it waits for
// verification again (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
import { sql } from 'drizzle-orm';
import type { LawyerVerificationState } from '#shared/lawyer-verification.ts';
import { lawyers } from '../db/schema.ts';

export interface BarEnrolment {
  barEnrolmentNumber: string;
  barCouncilState: string;
}

/** The enrolment and, unless it is the one already stored, its verification cleared: for an UPDATE's SET. */
export function enrolmentSet(e: BarEnrolment) {
  const same = sql`(${lawyers.barEnrolmentNumber} is not distinct from ${e.barEnrolmentNumber}
    and ${lawyers.barCouncilState} is not distinct from ${e.barCouncilState})`;
  return {
    barEnrolmentNumber: e.barEnrolmentNumber,
    barCouncilState: e.barCouncilState,
    verifiedAt: sql`case when ${same} then ${lawyers.verifiedAt} end`,
    verifiedBy: sql`case when ${same} then ${lawyers.verifiedBy} end`,
    verificationRejectedAt: sql`case when ${same} then ${lawyers.verificationRejectedAt} end`,
    verificationRejectionReason: sql`case when ${same} then ${lawyers.verificationRejectionReason} end`,
  };
}

export const verificationColumns = {
  barEnrolmentNumber: lawyers.barEnrolmentNumber,
  barCouncilState: lawyers.barCouncilState,
  verifiedAt: lawyers.verifiedAt,
  verificationRejectedAt: lawyers.verificationRejectedAt,
  verificationRejectionReason: lawyers.verificationRejectionReason,
};

export interface VerificationRow {
  barEnrolmentNumber: string | null;
  verifiedAt: Date | null;
  verificationRejectedAt: Date | null;
  verificationRejectionReason: string | null;
}

/** Where the lawyer's verification stands, as their home shows it. */
export function verificationState(row: VerificationRow): LawyerVerificationState {
  if (row.verifiedAt) return { status: 'verified', decidedAt: row.verifiedAt.toISOString(), reason: null };
  if (row.verificationRejectedAt)
    return { status: 'rejected', decidedAt: row.verificationRejectedAt.toISOString(), reason: row.verificationRejectionReason };
  return { status: row.barEnrolmentNumber ? 'awaiting' : 'no_enrolment', decidedAt: null, reason: null };
}
