// Demo data, loaded only into an empty database: NGOs, lawyers of several types and one
// account per role. Printed at start-up so a new user can sign in at once.
import { count, isNull, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { lawyers, ngos, users, familyMembers, cases, secondFactors, prisoners } from './schema.ts';
import { NOTICE_VERSION } from '../../shared/privacy.ts';
import { hashPassword } from '../lib/password.ts';
import { sealSecret } from '../features/second-factor/second-factor.secrets.ts';
import { DEFAULT_SECOND_FACTOR_KEY } from '../env.ts';

export const DEMO_PASSWORD = 'rihaai-demo-2024';

/**
 * The demo officials' second factor, published like their password (demo data never loads in
 * production): add it to an authenticator app, or print its code with `npx tsx
 * scripts/second-factor-code.ts` (docs/decisions/0043-second-factor-for-officials.md).
 */
export const DEMO_SECOND_FACTOR_SECRET = 'KRUGS4ZANFZSAYJAMRSW23ZAONSWG4TF';

export const DEMO_ACCOUNTS = [
  { role: 'Family-Member', name: 'Sunita Devi', email: 'family.demo@gmail.com' },
  { role: 'Lawyer', name: 'Adv. Rajesh Kumar', email: 'lawyer.demo@gmail.com' },
  { role: 'Jail-Authority', name: 'Superintendent Meera Nair', email: 'jail.demo@gmail.com' },
] as const;

const DEMO_LAWYERS = [
  {
    name: 'Adv. Priya Sharma',
    state: 'DL',
    district: 'West Delhi',
    email: 'priya.sharma.demo@gmail.com',
    type: 'Criminal Defense Lawyer',
    court: 'Tis Hazari Courts, Delhi',
    phone: '9810000001',
    address: 'Chamber 112, Tis Hazari, Delhi 110054',
  },
  {
    name: 'Adv. Mohammed Iqbal',
    state: 'DL',
    district: 'South Delhi',
    email: 'm.iqbal.demo@gmail.com',
    type: 'Criminal Defense Lawyer',
    court: 'Saket District Court, Delhi',
    phone: '9810000002',
    address: 'Lawyers Block, Saket, New Delhi 110017',
  },
  {
    name: 'Adv. Kavita Rao',
    state: 'MH',
    district: 'Mumbai City',
    email: 'kavita.rao.demo@gmail.com',
    type: 'Civil Litigation Attorney',
    court: 'Bombay City Civil Court',
    phone: '9820000003',
    address: 'Fort, Mumbai 400001',
  },
  {
    name: 'Adv. Arjun Mehta',
    state: 'DL',
    district: 'New Delhi',
    email: 'arjun.mehta.demo@gmail.com',
    type: 'Constitutional Lawyer',
    court: 'High Court of Delhi',
    phone: '9810000004',
    address: 'Sher Shah Road, New Delhi 110003',
  },
  {
    name: 'Adv. Lakshmi Iyer',
    state: 'TN',
    district: 'Chennai',
    email: 'lakshmi.iyer.demo@gmail.com',
    type: 'Labor & Employment Attorney',
    court: 'Labour Court, Chennai',
    phone: '9840000005',
    address: 'Esplanade, Chennai 600108',
  },
] as const;

const DEMO_NGOS = [
  {
    name: 'Aasra Rehabilitation Trust',
    state: 'DL',
    district: 'South West Delhi',
    address: 'Sector 5, Dwarka, New Delhi 110075',
    contactInfo: '011-45000001 · aasra.trust@gmail.com',
    report: 'Skills training, counselling and housing support for people released on bail.',
    seatsFree: 12,
  },
  {
    name: 'Nayi Disha Foundation',
    state: 'MH',
    district: 'Mumbai City',
    address: 'Andheri East, Mumbai 400069',
    contactInfo: '022-40000002 · nayidisha@gmail.com',
    report: 'De-addiction programme and family counselling; job placement with partner employers.',
    seatsFree: 5,
  },
  {
    name: 'Sahyog Legal & Social Aid',
    state: 'TN',
    district: 'Chennai',
    address: 'Anna Nagar, Chennai 600040',
    contactInfo: '044-43000003 · sahyog.aid@gmail.com',
    report: 'Para-legal volunteers, literacy classes and reintegration support.',
    seatsFree: 1,
  },
];

/**
 * The demo's people accepted the privacy notice, and each demo prisoner's consent was given in a visit
 * to the relative who registered them (docs/decisions/0053-notice-and-consent.md), as a sign-up and
 * /fmform would have recorded it.
 */
export async function recordDemoConsent(db: Db): Promise<void> {
  await db
    .update(users)
    .set({ noticeVersion: NOTICE_VERSION, noticeAcceptedAt: sql`now()` })
    .where(isNull(users.noticeVersion));
  await db
    .update(prisoners)
    .set({ consentBasis: 'visit', consentAt: sql`now()`, consentBy: sql`${prisoners.createdBy}` })
    .where(isNull(prisoners.consentBasis));
}

export interface SeedResult {
  seeded: boolean;
}

export async function seedDemoData(db: Db, secondFactorKey = DEFAULT_SECOND_FACTOR_KEY): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const accounts = await tx
      .insert(users)
      .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash })))
      .returning({ id: users.id, role: users.role });
    const family = accounts.find((a) => a.role === 'Family-Member');
    const lawyer = accounts.find((a) => a.role === 'Lawyer');
    if (!family || !lawyer) throw new Error('demo accounts missing');
    // The brother is held at Tihar (West Delhi): lawyers and NGOs there are offered first.
    await tx.insert(familyMembers).values({
      userId: family.id,
      phone: '9876543210',
      address: '14 Gandhi Nagar, Delhi 110031',
      state: 'DL',
      district: 'West Delhi',
    });
    await tx.insert(cases).values({
      familyMemberId: family.id,
      caseNumber: 'FIR-0421/2024',
      detail: 'Brother held at Tihar since March 2024 under IPC 379 (theft); chargesheet not yet filed.',
      caseType: 'Criminal Defense Lawyer',
    });
    await tx.insert(lawyers).values({
      userId: lawyer.id,
      phone: '9811111111',
      address: 'Chamber 7, Patiala House Courts, New Delhi 110001',
      lawyerType: 'Criminal Defense Lawyer',
      courtArea: 'Patiala House Courts, Delhi',
      state: 'DL',
      district: 'New Delhi',
      // The demo's lawyers are verified, so the demo family finds them (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
      barEnrolmentNumber: 'D/1207/2012',
      barCouncilState: 'DL',
      verifiedAt: new Date(),
    });
    const others = await tx
      .insert(users)
      .values(DEMO_LAWYERS.map((l) => ({ name: l.name, email: l.email, role: 'Lawyer' as const, passwordHash })))
      .returning({ id: users.id, email: users.email });
    await tx.insert(lawyers).values(
      DEMO_LAWYERS.map((l, i) => ({
        userId: others.find((o) => o.email === l.email)?.id ?? '',
        phone: l.phone,
        address: l.address,
        lawyerType: l.type,
        courtArea: l.court,
        state: l.state,
        district: l.district,
        barEnrolmentNumber: `${l.state}/${3100 + i}/2014`,
        barCouncilState: l.state,
        verifiedAt: new Date(),
      })),
    );
    await tx.insert(ngos).values(DEMO_NGOS);
    // Every demo official is enrolled (every role but the family member's must be).
    const officials = [...accounts.filter((a) => a.role !== 'Family-Member'), ...others];
    await tx.insert(secondFactors).values(
      officials.map((o) => ({
        userId: o.id,
        secretSealed: sealSecret(secondFactorKey, o.id, DEMO_SECOND_FACTOR_SECRET),
        enabledAt: new Date(),
      })),
    );
    await recordDemoConsent(tx);
  });
  return { seeded: true };
}
