// The signed-in family member's summary for the chat assistant. A fixed number of
// statements whatever the number of cases: the case statuses (with each case's stored release dates),
// the NGO with its contact, the next hearing (one statement over all the member's cases) and the
// accepted lawyer's phone.
// releaseDate: the earliest stored S.479 BNSS date among the member's cases (the day the law says the
// prisoner is to be released on bail, or on bond for a first-time offender); null when no case has one
// (no custody date or offences entered, or S.479 does not apply), and the assistant then says it does
// not know. nextHearing: the earliest hearing today or later (Indian date) with no outcome recorded.
// prisoners: each person's status and next step, the rule the family screens open with
// (src/shared/family-status.ts), so "when will he be released?" is answered as the screens say it.
import type { PersonalSummary } from '#shared/assistant.ts';
import type { Db } from '../../db/client.ts';
import { lawyers } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { todayInIndia } from '#shared/release.ts';
import { familyStatuses } from '#shared/family-status.ts';
import { findNextHearing } from '../deadlines/deadlines.queries.ts';
import { findMemberNgo, listCaseStatuses } from './family.queries.ts';

export async function findPersonalSummary(db: Db, userId: string): Promise<PersonalSummary | undefined> {
  const today = todayInIndia();
  const [cases, ngo, next] = await Promise.all([
    listCaseStatuses(db, userId),
    findMemberNgo(db, userId),
    findNextHearing(db, userId, today),
  ]);
  if (!cases || !ngo) return undefined;
  const requests = cases.flatMap((c) => c.lawyers);
  const accepted = requests.find((r) => r.status === 'accepted');
  const pending = [...requests].filter((r) => r.status === 'pending').sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))[0];
  const chosen = accepted ?? pending;
  // Only an accepted lawyer's phone is shared (the lawyer search shows it to the family anyway).
  const [phone] = accepted ? await db.select({ phone: lawyers.phone }).from(lawyers).where(eq(lawyers.userId, accepted.id)).limit(1) : [];
  const bailAcceptedAt = cases.find((c) => c.bailAcceptedAt)?.bailAcceptedAt ?? null;
  // ISO dates compare as strings; the earliest one is the first day the law counts for release.
  const releaseDate =
    cases.flatMap((c) => (c.release.s479Status === 'counting' && c.release.s479EligibleOn ? [c.release.s479EligibleOn] : [])).sort()[0] ??
    null;
  return {
    stage: bailAcceptedAt ? 'bail_accepted' : accepted ? 'lawyer_accepted' : pending ? 'lawyer_requested' : 'no_lawyer',
    cases: cases.map((c) => ({ caseNumber: c.caseNumber, caseType: c.caseType, cnr: c.facts.cnr })),
    lawyer: chosen
      ? { name: chosen.name, phone: phone?.phone ?? null, status: chosen.status === 'accepted' ? 'accepted' : 'pending' }
      : null,
    ngo: ngo.ngo ? { name: ngo.ngo.name, contactInfo: ngo.ngo.contactInfo } : null,
    bailAcceptedAt,
    releaseDate,
    nextHearing: next.hearing ? { at: next.hearing.hearingOn, court: next.hearing.court } : null,
    prisoners: familyStatuses(cases, today),
  };
}
