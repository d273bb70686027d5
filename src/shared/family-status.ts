// Where a family's matter stands, per person in custody, in one status and the one next step: the
// sentence every family screen opens with, and the assistant's answer to "when will he be released?".
// Pure: computed from what /api/family/cases already carries (stored release dates, the Bail-Accept,
// the lawyer requests), for a given day in India. The dates themselves come from release.ts.
import { BAIL_NOT_RELEASED_DAYS, releaseFlagsOn, todayInIndia, addDays, type ReleaseDates } from './release.ts';

export const FAMILY_STATUSES = [
  'released',
  'bail-not-released',
  'default-bail-due',
  's479-eligible',
  's479-on-date',
  'no-lawyer',
  'lawyer-requested',
  'lawyer-accepted',
] as const;
export type FamilyStatusKind = (typeof FAMILY_STATUSES)[number];

export const FAMILY_NEXT_STEPS = [
  'keep-dates',
  'bond-and-surety',
  'lawyer-apply',
  'legal-aid-now',
  'request-lawyer',
  'wait-lawyer',
  'lawyer-papers',
] as const;
export type FamilyNextStep = (typeof FAMILY_NEXT_STEPS)[number];

/** What one case needs for its status: a CaseStatus (src/shared/family.ts) fits. */
export interface StatusCase {
  id: string;
  facts: { prisonerName: string | null; chargesheetFiledOn: string | null };
  /** bailGrantedOn: the court's bail order as recorded (src/shared/bail-timeline.ts), when the read carries it. */
  release: ReleaseDates & { bailGrantedOn?: string | null | undefined };
  bailAcceptedAt: string | null;
  lawyers: readonly { name: string; status: string }[];
}

export interface FamilyStatus {
  /** As the family typed it; null when not given (the screens then say "your family member"). */
  prisonerName: string | null;
  status: FamilyStatusKind;
  next: FamilyNextStep;
  /** The day the status names (released on, bail accepted on, entitled since / from), else null. */
  date: string | null;
  /** The lawyer the status or step names: the accepted one, else the latest asked. */
  lawyer: string | null;
  /** The case the status comes from (the others of the same person are less pressing). */
  caseId: string;
  /** The stored S.479 BNSS date and the default-bail date while it can still apply, for the assistant. */
  s479On: string | null;
  defaultBailOn: string | null;
  /** Bail accepted and not released for BAIL_NOT_RELEASED_DAYS or more: the DLSA is to act. */
  bailOverdue: boolean;
}

/** Most pressing first: the status a family should act on now comes before what is only waiting. */
const RANK: Record<FamilyStatusKind, number> = {
  'bail-not-released': 0,
  'default-bail-due': 1,
  's479-eligible': 2,
  'no-lawyer': 3,
  'lawyer-requested': 4,
  's479-on-date': 5,
  'lawyer-accepted': 6,
  released: 7,
};

/** One case's status on `today` (YYYY-MM-DD, India). */
export function caseStatusOn(c: StatusCase, today: string): FamilyStatus {
  const accepted = c.lawyers.find((l) => l.status === 'accepted');
  const pending = c.lawyers.find((l) => l.status === 'pending');
  const lawyerStep: FamilyNextStep = accepted ? 'lawyer-apply' : pending ? 'wait-lawyer' : 'request-lawyer';
  const flags = releaseFlagsOn(c.release, c.facts.chargesheetFiledOn, today);
  const filed = c.facts.chargesheetFiledOn;
  const bailOn = c.release.defaultBailEligibleOn;
  const base = {
    prisonerName: c.facts.prisonerName?.trim() || null,
    lawyer: (accepted ?? pending)?.name ?? null,
    caseId: c.id,
    s479On: c.release.s479EligibleOn,
    // A charge-sheet on file closes default bail: the date counts only while none is.
    defaultBailOn: bailOn !== null && (filed === null || filed > today) ? bailOn : null,
    bailOverdue: false,
  };
  const released = c.release.releasedOn;
  if (released !== null && released <= today) return { ...base, status: 'released', next: 'keep-dates', date: released };
  // Bail granted by the court or accepted by the jail: the way out is the bond and the sureties, not an application.
  const granted = c.release.bailGrantedOn ?? null;
  if (c.bailAcceptedAt || (granted !== null && granted <= today)) {
    const on = granted !== null && granted <= today ? granted : todayInIndia(new Date(c.bailAcceptedAt!));
    const bailOverdue = addDays(on, BAIL_NOT_RELEASED_DAYS) <= today;
    return { ...base, status: 'bail-not-released', next: 'bond-and-surety', date: on, bailOverdue };
  }
  // Due now: only a court order releases, so the step is an application, by the lawyer or legal aid.
  const now: FamilyNextStep = accepted ? 'lawyer-apply' : 'legal-aid-now';
  if (flags.defaultBailDue) return { ...base, status: 'default-bail-due', next: now, date: bailOn };
  if (flags.eligibleNow) return { ...base, status: 's479-eligible', next: now, date: c.release.s479EligibleOn };
  if (c.release.s479EligibleOn !== null) return { ...base, status: 's479-on-date', next: lawyerStep, date: c.release.s479EligibleOn };
  if (accepted) return { ...base, status: 'lawyer-accepted', next: 'lawyer-papers', date: null };
  if (pending) return { ...base, status: 'lawyer-requested', next: 'wait-lawyer', date: null };
  return { ...base, status: 'no-lawyer', next: 'request-lawyer', date: null };
}

/**
 * One status per person in custody (cases grouped by the name typed, in the order the cases come),
 * from the person's most pressing case.
 */
export function familyStatuses(cases: readonly StatusCase[], today: string): FamilyStatus[] {
  const byPerson = new Map<string, FamilyStatus>();
  for (const c of cases) {
    const s = caseStatusOn(c, today);
    const key = (s.prisonerName ?? '').toLocaleLowerCase();
    const kept = byPerson.get(key);
    if (!kept || RANK[s.status] < RANK[kept.status]) byPerson.set(key, s);
  }
  return [...byPerson.values()];
}
