// What a family member does (docs/spec.md#4-states-and-transitions): each function is one use case that owns its
// transaction, its audit entry and what it tells others. Routes parse, authorize by role and call one of these.
import type { User } from '#shared/accounts.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import type { Case, CreateCase, LawyerSearchQuery, RegisterFamily } from '#shared/family.ts';
import type { AppDeps } from '../../types.ts';
import { invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { fillLatinNames, findPrison, placeCasePrisoner, prisonersOfMember } from '../prisons/prisons.queries.ts';
import { audit } from '../../lib/audit.ts';
import { notify } from '../../lib/notify.ts';
import { storeDocument, withPlacedPaper, type ReceivedFile } from '../../lib/documents.ts';
import { reserveUploadBytes } from '../../lib/upload-limits.ts';
import { findPersonalSummary } from './family.summary.ts';
import { recordNewPrisonersConsent, refuseWithoutOwnConsent, sharingRefusal } from './consent.use-cases.ts';
import { alreadyRequested, caseExists, notRegisteredYet, registrationRequired, requestRefusal } from './family.policy.ts';
import {
  createCase,
  decodeLawyerCursor,
  findMemberNgo,
  findRequestFacts,
  findRegistration,
  insertLawyerRequest,
  isRegistered,
  listCaseStatuses,
  searchLawyerPage,
  listMemberDocuments,
  saveRegistration,
} from './family.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env'>;
type Member = Pick<User, 'id' | 'name'>;

/** A case ID is the member's once: the unique index answers two tabs saving at once. */
async function refusingDuplicateCase<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'cases_member_number_unique')) throw caseExists();
    throw err;
  }
}

/**
 * After a case is saved (its prisoner found or made by the database, drizzle/0027_prisoners.sql): the
 * prisoner's name in Latin letters for the jail's search, and the listed prison the family chose.
 */
async function settlePrisoners(db: Db, memberId: string, place?: { caseNumber: string; prisonId: string }) {
  if (place) {
    if (!(await findPrison(db, place.prisonId))) {
      throw invalid('Choose a prison from the list, or type its name.', [
        { path: 'prisonId', message: 'Choose a prison from the list, or type its name.' },
      ]);
    }
    await placeCasePrisoner(db, memberId, place.caseNumber, place.prisonId);
  }
  const mine = await prisonersOfMember(db, memberId);
  await fillLatinNames(db, { ids: mine.map((p) => p.id) });
}

/** The member's /fmform record; 404 before the first submit (the client then shows the empty form). */
export async function getRegistration({ db }: Deps, member: Member) {
  const registration = await findRegistration(db, member.id);
  if (!registration) throw notRegisteredYet();
  return registration;
}

/** Idempotent: the first submit creates the record and the first case; later ones update them. */
export async function register({ db }: Deps, member: Member, input: RegisterFamily) {
  await refuseWithoutOwnConsent(db, member.id);
  await refusingDuplicateCase(() =>
    db.transaction(async (tx) => {
      const { created } = await saveRegistration(tx, member.id, input);
      // The first submit makes the prisoner: their consent or the legal basis goes with it.
      await recordNewPrisonersConsent(tx, member.id, input.prisonerConsent);
      await settlePrisoners(
        tx,
        member.id,
        input.prisonId === undefined ? undefined : { caseNumber: input.caseNumber, prisonId: input.prisonId },
      );
      await audit(tx, member.id, created ? 'family.registered' : 'family.updated', member.id, { caseNumber: input.caseNumber });
    }),
  );
  const registration = await findRegistration(db, member.id);
  if (!registration) throw new Error('registration vanished after saving');
  return registration;
}

/** The chat assistant's view of this member's own record. */
export async function getSummary({ db }: Deps, member: Member) {
  const summary = await findPersonalSummary(db, member.id);
  if (!summary) throw registrationRequired();
  return summary;
}

export async function listCases({ db }: Deps, member: Member) {
  const cases = await listCaseStatuses(db, member.id);
  if (!cases) throw registrationRequired();
  return { cases };
}

export async function addCase({ db }: Deps, member: Member, input: CreateCase): Promise<Case> {
  return refusingDuplicateCase(() =>
    db.transaction(async (tx) => {
      if (!(await isRegistered(tx, member.id))) throw registrationRequired();
      await refuseWithoutOwnConsent(tx, member.id);
      const { prisonerConsent, ...caseInput } = input;
      const row = await createCase(tx, member.id, caseInput);
      // A case naming a prisoner the member does not follow yet makes that prisoner.
      await recordNewPrisonersConsent(tx, member.id, prisonerConsent);
      await settlePrisoners(tx, member.id);
      await audit(tx, member.id, 'family.case_added', member.id, { caseId: row.id, caseNumber: row.caseNumber });
      return row;
    }),
  );
}

/** One page of the lawyers of the member's case types, nearest first; `after` is a page's nextCursor. */
export async function searchLawyers({ db }: Deps, member: Member, query: LawyerSearchQuery = {}) {
  const after = query.after === undefined ? undefined : decodeLawyerCursor(query.after);
  const page = await searchLawyerPage(db, member.id, after);
  if (!page) throw registrationRequired();
  return page;
}

/**
 * The member asks a lawyer (docs/spec.md#4-states-and-transitions Lawyer request): the request policy decides,
 * and the lawyer hears of it by email and in the app, queued with the request itself.
 */
export async function requestLawyer({ db, env }: Deps, member: Member, lawyerId: string, caseId?: string) {
  try {
    return await db.transaction(async (tx) => {
      // Everything the request depends on, read in one statement, decided in this order.
      const facts = await findRequestFacts(tx, member.id, lawyerId, caseId);
      // Not offered to a new lawyer while a consent is withdrawn (docs/decisions/0053-notice-and-consent.md).
      const sharing = sharingRefusal(facts);
      if (sharing) throw sharing;
      const caseTypes = facts.caseTypes;
      const lawyer = caseTypes ? facts.lawyer : undefined;
      const open = lawyer ? facts.open : false;
      const refusal = requestRefusal({ registered: !!caseTypes, caseTypes: caseTypes ?? [], lawyer, hasOpenRequest: open });
      if (refusal) throw refusal;
      if (!lawyer) throw notFound('lawyer');
      // Which case and prisoner it is for: one of the member's own (404 for any other); their only one when unsaid.
      if (facts.caseId === undefined) throw notFound('case');
      const row = await insertLawyerRequest(tx, member.id, lawyerId, facts.caseId);
      await notify(tx, lawyer, {
        kind: 'request_created',
        params: { family: member.name, caseType: lawyer.lawyerType },
        link: '/pending-case',
        publicUrl: env.PUBLIC_URL,
        audit: { actorId: member.id, action: 'lawyer_request.created', subject: member.id, details: { requestId: row.id, lawyerId } },
      });
      return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString(), lawyer: { id: lawyer.id, name: lawyer.name } };
    });
  } catch (err) {
    // Two tabs requesting at once: the partial unique index lets only one through.
    if (isUniqueViolation(err, 'lawyer_requests_open_unique')) throw alreadyRequested();
    throw err;
  }
}

export async function getNgo({ db }: Deps, member: Member) {
  const result = await findMemberNgo(db, member.id);
  if (!result) throw registrationRequired();
  return result;
}

export async function listDocuments({ db }: Deps, member: Member) {
  await assertRegistered({ db }, member);
  return { documents: await listMemberDocuments(db, member.id) };
}

/** Uploads wait for the /fmform record; checked before the file is read. */
export async function assertRegistered({ db }: Pick<Deps, 'db'>, member: Member): Promise<void> {
  if (!(await isRegistered(db, member.id))) throw registrationRequired();
}

/** The member's own bail paper, typed from its bytes, within their upload allowance. */
export async function addOwnDocument(
  { db, env, papers }: Deps & Pick<AppDeps, 'papers'>,
  member: Member,
  file: ReceivedFile,
): Promise<DocumentMeta> {
  return withPlacedPaper(papers, file, (paper) =>
    db.transaction(async (tx) => {
      const meta = await storeDocument(tx, { familyMemberId: member.id, uploadedBy: member.id, file, paper });
      // Last before the commit: the deployment's count is every upload's row (lib/upload-limits.ts).
      await reserveUploadBytes(tx, env, member.id, file.size);
      return meta;
    }),
  );
}
