// One factory module (STYLE): each factory creates what it needs, the user included.
import { randomBytes } from 'node:crypto';
import type { CaseType, Role } from '#shared/constants.ts';
import type { Db } from '#server/db/client.ts';
import { cases, familyMembers, lawyerRequests, lawyers, ngos, users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/password.ts';
import { createSession } from '#server/plugins/auth.ts';

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
    cases?: { caseNumber?: string; detail?: string; caseType?: CaseType }[];
  } = {},
) {
  const user = await createUser(db, { role: 'Family-Member', name: input.name, email: input.email });
  await db
    .insert(familyMembers)
    .values({ userId: user.id, phone: input.phone ?? '9876543210', address: input.address ?? '1 Test Lane, Delhi' });
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
            // One statement gives every row the same now(): space them so their order is the given one.
            createdAt: new Date(Date.now() + i),
          })),
        )
        .returning()
    : [];
  return { user, cases: rows };
}

/** A registered lawyer (user + /lawyerform record). */
export async function createLawyer(db: Db, input: { name?: string; email?: string; lawyerType?: CaseType; courtArea?: string } = {}) {
  const user = await createUser(db, { role: 'Lawyer', name: input.name, email: input.email });
  const [lawyer] = await db
    .insert(lawyers)
    .values({
      userId: user.id,
      phone: '9811111111',
      address: '7 Court Road, Delhi',
      lawyerType: input.lawyerType ?? 'Criminal Defense Lawyer',
      courtArea: input.courtArea ?? 'Tis Hazari',
    })
    .returning();
  return { user, lawyer: lawyer! };
}

export const createJailAuthority = (db: Db, input: { name?: string; email?: string } = {}) =>
  createUser(db, { role: 'Jail-Authority', ...input });

export async function createNgo(db: Db, input: { name?: string; seatsFree?: number } = {}) {
  const [row] = await db
    .insert(ngos)
    .values({
      name: input.name ?? `NGO ${++seq}`,
      address: 'NGO Street, Delhi',
      contactInfo: '011-000000',
      report: 'Rehabilitation support',
      seatsFree: input.seatsFree ?? 5,
    })
    .returning();
  return row!;
}

/** A session cookie header for the user, without going through the sign-in form. */
export async function sessionCookie(db: Db, userId: string): Promise<string> {
  const { token } = await createSession(db, userId, 24);
  return `rihaai_session=${token}`;
}

/** A request from a family member to a lawyer (pending unless told), as the Legal Services screen makes it. */
export async function createLawyerRequest(
  db: Db,
  input: { familyMemberId: string; lawyerId: string; status?: 'pending' | 'accepted' | 'rejected' },
) {
  const status = input.status ?? 'pending';
  const [row] = await db
    .insert(lawyerRequests)
    .values({
      familyMemberId: input.familyMemberId,
      lawyerId: input.lawyerId,
      status,
      decidedAt: status === 'pending' ? null : new Date(),
    })
    .returning();
  return row!;
}
