// What changes hearings and bail dates (prisons: features/prisons): each change with its audit entry and notices, in one
// transaction (the routes parse, check access and call one of these).
import { indianDay, type CreateHearing, type Hearing, type SaveBail, type UpdateHearing } from '#shared/deadlines.ts';
import { STALE_EDIT_MESSAGE } from '#shared/edit-versions.ts';
import type { User } from '#shared/accounts.ts';
import { bailStepProblem, type RecordBailStep } from '#shared/bail-timeline.ts';
import { cases } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { audit } from '../../lib/audit.ts';
import { invalid, notFound, staleEdit } from '../../lib/errors.ts';
import { findRecipients, notify } from '../../lib/notify.ts';
import type { MessageKind } from '../../lib/messages.ts';
import type { Db } from '../../db/client.ts';
import { caseAudienceIds, findCase, findHearing, insertHearing, saveBailDates, updateHearing, type CaseRow } from './deadlines.queries.ts';
import { caseLink } from './deadlines.scheduler.ts';

/** Whose case a notice is about, who acted (not told) and where links point. */
interface CaseNotice {
  familyMemberId: string;
  caseId: string;
  actorId: string;
  publicUrl: string;
}

/** Tells the case's people (the family member, accepted lawyers), except the one who acted. */
async function tellCase(tx: Db, about: CaseNotice, kind: MessageKind, params: Record<string, string>) {
  const ids = (await caseAudienceIds(tx, about.familyMemberId)).filter((id) => id !== about.actorId);
  for (const r of await findRecipients(tx, ids)) {
    await notify(tx, r, { kind, params, link: caseLink(r.role, about.caseId), publicUrl: about.publicUrl });
  }
}

/** A hearing recorded, or its date or court changed. */
function tellHearingRecorded(tx: Db, about: CaseNotice, caseNumber: string, h: Hearing) {
  return tellCase(tx, about, 'hearing_recorded', { caseNumber, date: h.hearingOn, court: h.court, purpose: h.purpose });
}

export function outcomeTooEarly(hearingOn: string, outcome: string | null) {
  if (outcome !== null && hearingOn > indianDay(new Date()))
    throw invalid('The outcome can be recorded once the hearing date has come.', [
      { path: 'outcome', message: 'The outcome can be recorded once the hearing date has come.' },
    ]);
}

const noticeAbout = (row: { id: string; familyMemberId: string }, actorId: string, publicUrl: string): CaseNotice => ({
  familyMemberId: row.familyMemberId,
  caseId: row.id,
  actorId,
  publicUrl,
});

/** A hearing recorded on a case; its people are told. */
export function recordHearing(db: Db, user: User, row: CaseRow, input: CreateHearing, publicUrl: string): Promise<Hearing> {
  return db.transaction(async (tx) => {
    const h = await insertHearing(tx, { caseId: row.id, ...input, recordedBy: user.id });
    await tellHearingRecorded(tx, noticeAbout(row, user.id, publicUrl), row.caseNumber, h);
    await audit(tx, user.id, 'hearing.recorded', row.familyMemberId, { hearingId: h.id, caseId: row.id });
    return h;
  });
}

/** A hearing changed, only from the version the form was loaded at (else 409 stale_edit with the saved one). */
export function changeHearing(
  db: Db,
  user: User,
  row: CaseRow,
  hearingId: string,
  input: UpdateHearing,
  publicUrl: string,
): Promise<Hearing> {
  return db.transaction(async (tx) => {
    const before = await findHearing(tx, hearingId);
    if (!before) throw notFound('hearing');
    // A form loaded before someone else's save must not write over their date or outcome.
    const stale = async () => staleEdit(STALE_EDIT_MESSAGE, (await findHearing(tx, hearingId)) ?? before);
    if (before.version !== input.version) throw await stale();
    const h = await updateHearing(tx, hearingId, input);
    if (!h) throw await stale();
    if (h.outcome !== null && h.outcome !== before.outcome) {
      const params = { caseNumber: row.caseNumber, date: h.hearingOn, court: h.court, outcome: h.outcome };
      await tellCase(tx, noticeAbout(row, user.id, publicUrl), 'hearing_outcome', params);
    } else if (h.hearingOn !== before.hearingOn || h.court !== before.court) {
      await tellHearingRecorded(tx, noticeAbout(row, user.id, publicUrl), row.caseNumber, h);
    }
    await audit(tx, user.id, 'hearing.updated', row.familyMemberId, { hearingId: h.id, caseId: row.id });
    return h;
  });
}

/** The bail order and release dates of a case; its people are told of a new bail order or release. */
export async function saveBail(db: Db, user: User, row: CaseRow, input: SaveBail, publicUrl: string): Promise<void> {
  const { bailGrantedOn, releasedOn } = input;
  await db.transaction(async (tx) => {
    await saveBailDates(tx, row.id, input);
    const about = noticeAbout(row, user.id, publicUrl);
    const params = { caseNumber: row.caseNumber, member: row.memberName };
    if (bailGrantedOn && bailGrantedOn !== row.bailGrantedOn && !releasedOn)
      await tellCase(tx, about, 'bail_granted', { ...params, date: bailGrantedOn });
    if (releasedOn && releasedOn !== row.releasedOn) await tellCase(tx, about, 'released', { ...params, date: releasedOn });
    await audit(tx, user.id, 'case.bail_dates_saved', row.familyMemberId, { caseId: row.id, bailGrantedOn, releasedOn });
  });
}

/**
 * One step of the bail sequence (src/shared/bail-timeline.ts), checked against the case as it is inside the
 * transaction (the row locked, so two sides recording at once cannot both pass): only the next step, not in
 * the future, not before the step before. The case's people are told of the order and of the release.
 */
export async function recordBailStep(db: Db, user: User, caseId: string, input: RecordBailStep, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update');
    const row = await findCase(tx, caseId, user);
    if (!row) throw notFound('case');
    const problem = bailStepProblem(row, input.step, input.on, indianDay(new Date()));
    if (problem) throw invalid(problem.message, [problem]);
    const set =
      input.step === 'order'
        ? {
            bailGrantedOn: input.on,
            bailCourt: input.court,
            bailBondAmount: input.bondAmount,
            bailSureties: input.sureties,
            bailSuretyAmount: input.sureties > 0 ? input.suretyAmount : null,
            bailConditions: input.conditions || null,
          }
        : input.step === 'furnished'
          ? { bailFurnishedOn: input.on }
          : { releasedOn: input.on };
    await tx.update(cases).set(set).where(eq(cases.id, caseId));
    const about = noticeAbout(row, user.id, publicUrl);
    const params = { caseNumber: row.caseNumber, member: row.memberName, date: input.on };
    if (input.step === 'order') await tellCase(tx, about, 'bail_granted', params);
    if (input.step === 'released') await tellCase(tx, about, 'released', params);
    await audit(tx, user.id, 'case.bail_step_recorded', row.familyMemberId, { caseId, ...input });
  });
}
