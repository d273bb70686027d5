// What a lawyer does (docs/spec.md#4-states-and-transitions): each function is one use case that owns its
// transaction, its audit entry and what it tells the family member. Routes parse, authorize by role and call one.
import type { User } from '#shared/accounts.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import { normalizePhone } from '#shared/family.ts';
import type { LawyerListQuery, SaveLawyerRegistration } from '#shared/lawyers.ts';
import type { AppDeps } from '../../types.ts';
import { audit } from '../../lib/audit.ts';
import { storeDocument, withPlacedPaper, type ReceivedFile } from '../../lib/documents.ts';
import { findRecipient, notify } from '../../lib/notify.ts';
import { reserveUploadBytes } from '../../lib/upload-limits.ts';
import { decodeTimeCursor } from '../../lib/time-cursor.ts';
import { bailPaperUploadRefusal } from '../../policies/document.policy.ts';
import { decisionRefusal } from '../../policies/request.policy.ts';
import { notRegisteredYet, registrationRequired } from './lawyers.policy.ts';
import {
  decideRequest,
  findClientRelation,
  findRegistration,
  findRequest,
  isRegistered,
  listClients,
  listPendingRequests,
  upsertRegistration,
} from './lawyers.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env'>;
type Lawyer = Pick<User, 'id' | 'name' | 'email' | 'role'>;

async function assertRegistered({ db }: Pick<Deps, 'db'>, lawyer: Lawyer): Promise<void> {
  if (!(await isRegistered(db, lawyer.id))) throw registrationRequired();
}

/** The lawyer's /lawyerform record; 404 before the first submit. */
export async function getRegistration({ db }: Deps, lawyer: Lawyer) {
  const registration = await findRegistration(db, lawyer);
  if (!registration) throw notRegisteredYet();
  return registration;
}

export async function register({ db }: Deps, lawyer: Lawyer, body: SaveLawyerRegistration) {
  const input = { ...body, phone: normalizePhone(body.phone) };
  return db.transaction(async (tx) => {
    const registration = await upsertRegistration(tx, lawyer, input);
    await audit(tx, lawyer.id, 'lawyer.registration_saved', lawyer.id, {
      lawyerType: input.lawyerType,
      barEnrolmentNumber: input.barEnrolmentNumber,
      barCouncilState: input.barCouncilState,
      verification: registration.verification.status,
    });
    return registration;
  });
}

/** One page, in one statement: the registration check comes with the rows. `after` is a page's nextCursor. */
export async function listRequests({ db }: Deps, lawyer: Lawyer, query: LawyerListQuery) {
  const page = await listPendingRequests(db, lawyer.id, query.after === undefined ? undefined : decodeTimeCursor(query.after));
  if (!page) throw registrationRequired();
  return page;
}

/** One page, in one statement: the registration check comes with the rows. `after` is a page's nextCursor. */
export async function listAcceptedClients({ db }: Deps, lawyer: Lawyer, query: LawyerListQuery) {
  const page = await listClients(db, lawyer.id, query.after === undefined ? undefined : decodeTimeCursor(query.after));
  if (!page) throw registrationRequired();
  return page;
}

/**
 * Accept or reject a pending request addressed to this lawyer: the change is conditional (one answer wins),
 * and the family member is told by email and in the app, in their saved language, in the same transaction.
 */
export async function decide({ db, env }: Deps, user: Lawyer, requestId: string, status: 'accepted' | 'rejected') {
  return db.transaction(async (tx) => {
    // The lawyer's /lawyerform record is read with the decision (the update needs it).
    const row = await decideRequest(tx, { requestId, lawyerId: user.id, status });
    if (!row) {
      if (!(await findRegistration(tx, user))) throw registrationRequired();
      throw decisionRefusal(await findRequest(tx, requestId), user.id);
    }
    const { member, lawyer } = row;
    const entry = { actorId: user.id, action: `lawyer_request.${status}`, subject: row.familyMemberId, details: { requestId: row.id } };
    if (member) {
      await notify(
        tx,
        member,
        status === 'accepted'
          ? {
              kind: 'request_accepted',
              params: {
                lawyer: user.name,
                lawyerType: lawyer.lawyerType,
                courtArea: lawyer.courtArea,
                phone: lawyer.phone,
                email: user.email,
              },
              link: '/family-case',
              publicUrl: env.PUBLIC_URL,
              audit: entry,
            }
          : { kind: 'request_rejected', params: { lawyer: user.name }, link: '/lawyerSearch', publicUrl: env.PUBLIC_URL, audit: entry },
      );
    } else {
      await audit(tx, entry.actorId, entry.action, entry.subject, entry.details);
    }
    return { id: row.id, status, decidedAt: (row.decidedAt ?? new Date()).toISOString() };
  });
}

/**
 * May this lawyer add a bail paper to this member's record (the document policy, from the member-record
 * rule)? Decided before the file is read: a refused upload costs no more than its headers.
 */
export async function assertMayUploadFor(deps: Deps, lawyer: Lawyer, familyMemberId: string): Promise<void> {
  await assertRegistered(deps, lawyer);
  const refusal = bailPaperUploadRefusal(lawyer, familyMemberId, await findClientRelation(deps.db, lawyer.id, familyMemberId));
  if (refusal) throw refusal;
}

/** The bail paper itself, within the lawyer's upload allowance; the family member is told. */
export async function addBailPaper(
  { db, env, papers }: Deps & Pick<AppDeps, 'papers'>,
  lawyer: Lawyer,
  familyMemberId: string,
  file: ReceivedFile,
): Promise<DocumentMeta> {
  return withPlacedPaper(papers, file, (paper) =>
    db.transaction(async (tx) => {
      const meta = await storeDocument(tx, { familyMemberId, uploadedBy: lawyer.id, file, paper });
      const member = await findRecipient(tx, familyMemberId);
      if (member) {
        await notify(tx, member, {
          kind: 'bail_paper_uploaded',
          params: { lawyer: lawyer.name, filename: meta.filename },
          link: '/family-case',
          publicUrl: env.PUBLIC_URL,
        });
      }
      // Last before the commit: the deployment's count is every upload's row (lib/upload-limits.ts).
      await reserveUploadBytes(tx, env, lawyer.id, file.size);
      return meta;
    }),
  );
}
