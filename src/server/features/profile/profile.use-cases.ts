// /edit-profile: the signed-in user edits their own name and registration details and changes their
// password. The user always comes from the session, so nobody edits anyone else. Each function owns its
// transaction, its audit entry and its email.
import type { User } from '#shared/accounts.ts';
import type { ChangePassword, ProfileDetails, UpdateProfile } from '#shared/profile.ts';
import { BAR_ENROLMENT_MESSAGES } from '#shared/lawyer-verification.ts';
import type { AppDeps } from '../../types.ts';
import { invalid, type ErrorDetail } from '../../lib/errors.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../../lib/password.ts';
import { sendEmail } from '../../lib/notify.ts';
import { audit } from '../../lib/audit.ts';
import { deleteSessionsOfUser } from '../accounts/accounts.queries.ts';
import { findPasswordHash, getProfileDetails, setPassword, updateProfileDetails } from './profile.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env'>;

const FIELDS = ['phone', 'address', 'lawyerType', 'courtArea'] as const;
const FIELDS_OF: Record<ProfileDetails['kind'], readonly (typeof FIELDS)[number][]> = {
  family: ['phone', 'address'],
  lawyer: ['phone', 'address', 'lawyerType', 'courtArea'],
  'name-only': [],
};
const REQUIRED: Record<(typeof FIELDS)[number], string> = {
  phone: 'Phone number is required.',
  address: 'Address is required.',
  lawyerType: 'Choose a lawyer type.',
  courtArea: 'Court area is required.',
};

/** Each field the account has is required; a field it does not have is refused, not ignored. */
function checkFields(kind: ProfileDetails['kind'], body: UpdateProfile) {
  const allowed = FIELDS_OF[kind];
  const details: ErrorDetail[] = [];
  for (const f of FIELDS) {
    if (allowed.includes(f) && body[f] === undefined) details.push({ path: f, message: REQUIRED[f] });
    if (!allowed.includes(f) && body[f] !== undefined)
      details.push({ path: f, message: 'This account has no such detail to edit. Complete the registration form first.' });
  }
  // The Bar Council enrolment: a lawyer's only, both or neither (neither leaves the stored one as it is).
  for (const f of ['barEnrolmentNumber', 'barCouncilState'] as const) {
    if (kind !== 'lawyer' && body[f] !== undefined) details.push({ path: f, message: 'This account has no such detail to edit.' });
  }
  if (kind === 'lawyer' && (body.barEnrolmentNumber === undefined) !== (body.barCouncilState === undefined)) {
    const missing = body.barEnrolmentNumber === undefined ? 'barEnrolmentNumber' : 'barCouncilState';
    details.push({ path: missing, message: BAR_ENROLMENT_MESSAGES[missing === 'barEnrolmentNumber' ? 'number' : 'state'] });
  }
  const first = details[0];
  if (first) throw invalid(`${first.path}: ${first.message}`, details);
}

export async function getDetails({ db }: Deps, user: User): Promise<ProfileDetails> {
  return getProfileDetails(db, user);
}

export async function updateDetails({ db }: Deps, user: User, input: UpdateProfile): Promise<ProfileDetails> {
  const current = await getProfileDetails(db, user);
  checkFields(current.kind, input);
  await db.transaction(async (tx) => {
    await updateProfileDetails(tx, user.id, current.kind, input);
    const enrolment = input.barEnrolmentNumber === undefined ? [] : ['barEnrolmentNumber', 'barCouncilState'];
    await audit(tx, user.id, 'profile.updated', user.id, { fields: ['name', ...FIELDS_OF[current.kind], ...enrolment] });
  });
  return getProfileDetails(db, user);
}

/** Every other device is signed out, any reset link stops working, and the owner is told by email. */
export async function changePassword({ db }: Deps, user: User, sessionId: string | undefined, input: ChangePassword): Promise<void> {
  if (!(await verifyPassword(await findPasswordHash(db, user.id), input.currentPassword))) {
    throw invalid(
      'Current password is not correct.',
      [{ path: 'currentPassword', message: 'Current password is not correct.' }],
      'wrong_password',
    );
  }
  await refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash);
    await deleteSessionsOfUser(tx, user.id, sessionId);
    await audit(tx, user.id, 'account.password_changed', user.id);
    await sendEmail(tx, user, { kind: 'password_changed', params: {} });
  });
}
