// One factory module (docs/style.md): each factory creates what it needs, the user included. Every
// table has one (sessions through sessionCookie); tests insert rows only through these, except the
// bulk loads of tests/scale.test.ts.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { CaseType, Role } from '#shared/constants.ts';
import type { Db } from '#server/db/client.ts';
import {
  auditEvents,
  bailReviews,
  cases,
  contactMessages,
  documents,
  emailOutbox,
  familyMembers,
  lawyerRequests,
  lawyers,
  ngoAssignments,
  ngos,
  passwordResets,
  users,
} from '#server/db/schema.ts';
import { sha256Hex } from '#server/lib/tokens.ts';
import { refreshPrisonerCases } from '#server/lib/case-facts.ts';
import { hashPassword } from '#server/lib/password.ts';
import { createSession } from '#server/plugins/auth.ts';
import { DEFAULT_SECOND_FACTOR_KEY } from '#server/env.ts';
import { secondFactorRequiredFor } from '#shared/second-factor.ts';
import { totpOf } from '#server/features/second-factor/second-factor.secrets.ts';
import {
  confirmEnrolment,
  findSecondFactor,
  markSessionPassed,
  startEnrolment,
} from '#server/features/second-factor/second-factor.use-cases.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

let seq = 0;
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${seq}x${randomBytes(3).toString('hex')}@gmail.com`;
}

export async function createUser(db: Db, input: { role: Role; name?: string; email?: string }) {
  const [row] = await db
    .insert(users)
    .values({
      role: input.role,
      name: input.name ?? `${input.role} ${++seq}`,
      email: (input.email ?? uniqueEmail(input.role.toLowerCase().replace(/[^a-z]/g, ''))).toLowerCase(),
      passwordHash: await passwordHash(),
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

/** A registered family member (user + /fmform record + cases). */
export async function createFamilyMember(
  db: Db,
  input: {
    name?: string;
    email?: string;
    phone?: string;
    address?: string;
    /** A prisoner's name makes each case that prisoner's (the same name, the same prisoner); none: one unnamed prisoner. */
    cases?: { caseNumber?: string; detail?: string; caseType?: CaseType; prisonerName?: string }[];
    /** The prison's state code and district; none by default. */
    location?: { state: string; district: string };
  } = {},
) {
  const user = await createUser(db, { role: 'Family-Member', name: input.name, email: input.email });
  await db
    .insert(familyMembers)
    .values({ userId: user.id, phone: input.phone ?? '9876543210', address: input.address ?? '1 Test Lane, Delhi', ...input.location });
  const caseList = input.cases ?? [{}];
  const rows = caseList.length
    ? await db
        .insert(cases)
        .values(
          caseList.map((c, i) => ({
            familyMemberId: user.id,
            caseNumber: c.caseNumber ?? `CASE-${seq}-${i}`,
            detail: c.detail ?? 'Held under IPC 379',
            caseType: c.caseType ?? 'Criminal Defense Lawyer',
            ...(c.prisonerName ? { prisonerName: c.prisonerName } : {}),
            // One statement gives every row the same now(): space them so their order is the given one.
            createdAt: new Date(Date.now() + i),
          })),
        )
        .returning()
    : [];
  // As the app leaves them: each case counts the prisoner's other cases (the S.479(2) bar).
  const ids = rows.map((r) => r.id);
  await refreshPrisonerCases(
    db,
    rows.map((r) => r.prisonerId),
  );
  const fresh = ids.length ? await db.select().from(cases).where(inArray(cases.id, ids)) : [];
  return { user, cases: rows.map((r) => fresh.find((f) => f.id === r.id) ?? r) };
}

/** A registered lawyer (user + /lawyerform record). */
export async function createLawyer(
  db: Db,
  input: {
    name?: string;
    email?: string;
    lawyerType?: CaseType;
    courtArea?: string;
    location?: { state: string; district: string };
    /** false: a lawyer whose enrolment waits for verification (families do not find them). Verified unless told. */
    verified?: boolean;
  } = {},
) {
  const user = await createUser(db, { role: 'Lawyer', name: input.name, email: input.email });
  const verified = input.verified ?? true;
  const [lawyer] = await db
    .insert(lawyers)
    .values({
      userId: user.id,
      phone: '9811111111',
      address: '7 Court Road, Delhi',
      lawyerType: input.lawyerType ?? 'Criminal Defense Lawyer',
      courtArea: input.courtArea ?? 'Tis Hazari',
      ...input.location,
      barEnrolmentNumber: `D/${++seq}/2015`,
      barCouncilState: 'DL',
      verifiedAt: verified ? new Date() : null,
    })
    .returning();
  return { user, lawyer: lawyer! };
}

export const createJailAuthority = (db: Db, input: { name?: string; email?: string } = {}) =>
  createUser(db, { role: 'Jail-Authority', ...input });

export async function createNgo(db: Db, input: { name?: string; seatsFree?: number; location?: { state: string; district: string } } = {}) {
  const [row] = await db
    .insert(ngos)
    .values({
      name: input.name ?? `NGO ${++seq}`,
      address: 'NGO Street, Delhi',
      contactInfo: '011-000000',
      report: 'Rehabilitation support',
      seatsFree: input.seatsFree ?? 5,
      ...input.location,
    })
    .returning();
  return row!;
}

/**
 * A session cookie header for the user, without going through the sign-in form. An official (or an
 * account with a second factor) also passes the second factor in it, as the real step does: the
 * account is enrolled with a code of its new secret the first time, and later sessions are marked
 * passed as a right code marks them. `secondFactor: false` leaves the session before that step.
 */
export async function sessionCookie(db: Db, userId: string, options: { secondFactor?: boolean } = {}): Promise<string> {
  const { token } = await createSession(db, userId, 24);
  if (options.secondFactor !== false) await passSecondFactor(db, userId, sha256Hex(token));
  return `rihaai_session=${token}`;
}

/** The base32 secret of each account the factories enrolled (for tests that need a code). */
export const enrolledSecrets = new Map<string, string>();

async function passSecondFactor(db: Db, userId: string, sessionId: string): Promise<void> {
  const [user] = await db.select({ id: users.id, role: users.role, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error('sessionCookie: no such user');
  const factor = await findSecondFactor(db, userId);
  if (factor?.enabledAt) return markSessionPassed(db, sessionId);
  if (!secondFactorRequiredFor(user.role)) return;
  const { secret } = await startEnrolment(db, DEFAULT_SECOND_FACTOR_KEY, user);
  const result = await confirmEnrolment(db, DEFAULT_SECOND_FACTOR_KEY, userId, sessionId, totpOf(secret).generate());
  if (!result.ok) throw new Error(`sessionCookie: enrolment refused its own code (${result.reason})`);
  enrolledSecrets.set(userId, secret);
}

/** A request from a family member to a lawyer (pending unless told), as the Legal Services screen makes it. */
export async function createLawyerRequest(
  db: Db,
  input: {
    familyMemberId: string;
    lawyerId: string;
    /** 'pending' | 'accepted' | 'rejected' (the database's check refuses anything else). */
    status?: string;
    createdAt?: Date;
    decidedAt?: Date | null;
  },
) {
  const status = (input.status ?? 'pending') as 'pending' | 'accepted' | 'rejected';
  const [row] = await db
    .insert(lawyerRequests)
    .values({
      familyMemberId: input.familyMemberId,
      lawyerId: input.lawyerId,
      status,
      decidedAt: input.decidedAt !== undefined ? input.decidedAt : status === 'pending' ? null : new Date(),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A stored bail paper of a family member (a tiny PDF unless told), as an upload leaves it. */
export async function createDocument(
  db: Db,
  input: { familyMemberId: string; uploadedBy?: string | null; filename?: string; contentType?: string; bytes?: Buffer; createdAt?: Date },
) {
  const bytes = input.bytes ?? Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
  const [row] = await db
    .insert(documents)
    .values({
      familyMemberId: input.familyMemberId,
      uploadedBy: input.uploadedBy === undefined ? input.familyMemberId : input.uploadedBy,
      filename: input.filename ?? `bail-${++seq}.pdf`,
      contentType: input.contentType ?? 'application/pdf',
      size: bytes.length,
      sha256: sha256Hex(bytes),
      bytes,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** Another case of a registered family member. */
export async function createCase(db: Db, input: { familyMemberId: string; caseNumber?: string; detail?: string; caseType?: CaseType }) {
  const [row] = await db
    .insert(cases)
    .values({
      familyMemberId: input.familyMemberId,
      caseNumber: input.caseNumber ?? `CASE-${++seq}`,
      detail: input.detail ?? 'Held under IPC 379',
      caseType: input.caseType ?? 'Criminal Defense Lawyer',
    })
    .returning();
  await refreshPrisonerCases(db, [row!.prisonerId]);
  const [fresh] = await db.select().from(cases).where(eq(cases.id, row!.id));
  return fresh ?? row!;
}

/** An NGO assigned to a family member (the seat count is the caller's business, as in the tests of it). */
export async function createNgoAssignment(
  db: Db,
  input: { familyMemberId: string; ngoId: string; assignedBy?: string | null; assignedAt?: Date },
) {
  const [row] = await db
    .insert(ngoAssignments)
    .values({
      familyMemberId: input.familyMemberId,
      ngoId: input.ngoId,
      assignedBy: input.assignedBy ?? null,
      ...(input.assignedAt ? { assignedAt: input.assignedAt } : {}),
    })
    .returning();
  return row!;
}

/** A family member's bail accepted by the jail authority. */
export async function createBailReview(db: Db, input: { familyMemberId: string; decidedBy?: string | null; decidedAt?: Date }) {
  const [row] = await db
    .insert(bailReviews)
    .values({
      familyMemberId: input.familyMemberId,
      decidedBy: input.decidedBy ?? null,
      ...(input.decidedAt ? { decidedAt: input.decidedAt } : {}),
    })
    .returning();
  return row!;
}

/** An open password reset (its id is the sha256 of the emailed token). */
export async function createPasswordReset(db: Db, input: { userId: string; id?: string; expiresAt?: Date; usedAt?: Date | null }) {
  const [row] = await db
    .insert(passwordResets)
    .values({
      id: input.id ?? sha256Hex(randomBytes(16).toString('hex')),
      userId: input.userId,
      expiresAt: input.expiresAt ?? new Date(Date.now() + 600_000),
      usedAt: input.usedAt ?? null,
    })
    .returning();
  return row!;
}

export async function createContactMessage(
  db: Db,
  input: { userId?: string | null; name?: string; email?: string; message?: string } = {},
) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      userId: input.userId ?? null,
      name: input.name ?? 'Asha',
      email: input.email ?? uniqueEmail('contact'),
      message: input.message ?? 'Please call me back.',
    })
    .returning();
  return row!;
}

export async function createOutboxEmail(
  db: Db,
  input: { to?: string; subject?: string; text?: string; status?: 'pending' | 'sent' | 'failed' } = {},
) {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: input.to ?? uniqueEmail('mail'),
      subject: input.subject ?? 'Hello',
      text: input.text ?? 'Hello from Rihaai',
      status: input.status ?? 'pending',
    })
    .returning();
  return row!;
}

export async function createAuditEvent(
  db: Db,
  input: { actorId?: string | null; action?: string; subject?: string | null; details?: Record<string, unknown> } = {},
) {
  const [row] = await db
    .insert(auditEvents)
    .values({
      actorId: input.actorId ?? null,
      action: input.action ?? 'test.event',
      subject: input.subject ?? null,
      details: input.details ?? null,
    })
    .returning();
  return row!;
}
