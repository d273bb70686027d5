// The demo's state of many prisons (docs/decisions/0046-prisoner-and-prisons.md): two prisons in two
// districts, a State-Administrator, a DLSA, a jail clerk per prison and a family with a prisoner in
// each. Loaded with the rest of the demo, only into an empty database, never in production.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { cases, familyMembers, prisonerFollowers, prisoners, prisons, secondFactors, users } from './schema.ts';
import { hashPassword } from '../lib/password.ts';
import { sealSecret } from '../features/second-factor/second-factor.secrets.ts';
import { fillLatinNames, insertCode } from '../features/prisons/prisons.queries.ts';
import { recordDemoConsent } from './demo-data.ts';

export const DEMO_PRISONS = [
  {
    name: 'Tihar Central Jail No. 1',
    state: 'DL',
    district: 'West Delhi',
    type: 'central' as const,
    address: 'Tihar, Janakpuri, New Delhi 110064',
    phone: '011-28520000',
    dlsaName: 'DLSA West Delhi',
    dlsaAddress: 'Tis Hazari Courts, Delhi 110054',
    dlsaPhone: '011-23912000',
    dlsaEmail: 'dlsa.west.demo@gmail.com',
  },
  {
    name: 'District Jail Sitapur',
    state: 'UP',
    district: 'Sitapur',
    type: 'district' as const,
    address: 'Lucknow Road, Sitapur 261001',
    phone: '05862-242000',
    dlsaName: 'DLSA Sitapur',
    dlsaAddress: 'District Court, Sitapur 261001',
    dlsaPhone: '05862-242001',
    dlsaEmail: 'dlsa.sitapur.demo@gmail.com',
  },
];

/** Printed at start-up with the others. The first jail demo account (demo-data.ts) is Tihar's clerk. */
export const DEMO_PRISON_ACCOUNTS = [
  { role: 'State-Administrator', name: 'Administrator, Prisons Department', email: 'admin.demo@gmail.com' },
  { role: 'DLSA', name: 'Secretary, DLSA Sitapur', email: 'dlsa.demo@gmail.com' },
  { role: 'Jail-Authority', name: 'Jailer Alok Verma (Sitapur)', email: 'jail.sitapur.demo@gmail.com' },
  { role: 'Family-Member', name: 'गीता देवी', email: 'family.sitapur.demo@gmail.com' },
] as const;

/** The demo's registration codes, published like its password (printed at start-up). */
export const DEMO_CODES = { sitapurJail: 'DEMO-SITAPUR-JAIL-2026', sitapurDlsa: 'DEMO-SITAPUR-DLSA-2026' } as const;

export async function seedDemoPrisons(db: Db, password: string, secondFactorKey: string, secondFactorSecret: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const rows = await tx.insert(prisons).values(DEMO_PRISONS).returning({ id: prisons.id, name: prisons.name });
    const tihar = rows.find((p) => p.name.startsWith('Tihar'))!.id;
    const sitapur = rows.find((p) => p.name.endsWith('Sitapur'))!.id;
    // The first demo clerk works at Tihar, where the first demo family's brother is held.
    await tx.update(users).set({ prisonId: tihar }).where(eq(users.email, 'jail.demo@gmail.com'));
    await tx
      .update(cases)
      .set({ prisonerName: 'Vikram Kumar', prisonerRelation: 'brother', prison: 'Tihar Central Jail No. 1' })
      .where(eq(cases.caseNumber, 'FIR-0421/2024'));
    await tx
      .update(prisoners)
      .set({
        name: 'Vikram Kumar',
        nameLatin: 'Vikram Kumar',
        prisonId: tihar,
        prisonerNumber: 'UTP-2024-0113',
        custodySince: '2024-03-12',
      })
      .where(sql`${prisoners.id} = (select ${cases.prisonerId} from ${cases} where ${cases.caseNumber} = 'FIR-0421/2024')`);
    await tx.update(prisonerFollowers).set({ relation: 'brother' });
    const accounts = await tx
      .insert(users)
      .values(
        DEMO_PRISON_ACCOUNTS.map((a) => ({
          ...a,
          passwordHash,
          ...(a.role === 'Jail-Authority' ? { prisonId: sitapur } : {}),
          ...(a.role === 'DLSA' ? { scopeState: 'UP', scopeDistrict: 'Sitapur' } : {}),
        })),
      )
      .returning({ id: users.id, role: users.role });
    const family = accounts.find((a) => a.role === 'Family-Member')!;
    await tx.insert(familyMembers).values({
      userId: family.id,
      phone: '9415000000',
      address: 'Village Rampur, Biswan, Sitapur 261201',
      state: 'UP',
      district: 'Sitapur',
    });
    // The case names the husband; the database makes his prisoner record (drizzle/0027_prisoners.sql),
    // in the listed prison typed here.
    await tx.insert(cases).values({
      familyMemberId: family.id,
      caseNumber: 'FIR-77/2026',
      detail: 'पति पर चोरी का आरोप (BNS 303), मार्च 2026 से ज़िला जेल सीतापुर में।',
      caseType: 'Criminal Defense Lawyer',
      prisonerName: 'रमेश कुमार',
      prisonerRelation: 'husband',
      prison: 'District Jail Sitapur',
    });
    await insertCode(tx, DEMO_CODES.sitapurJail, { kind: 'jail', prisonId: sitapur, issuedBy: accounts[0]!.id });
    await insertCode(tx, DEMO_CODES.sitapurDlsa, { kind: 'dlsa', state: 'UP', district: 'Sitapur', issuedBy: accounts[0]!.id });
    await fillLatinNames(tx, { limit: 10 });
    const officials = accounts.filter((a) => a.role !== 'Family-Member');
    await tx.insert(secondFactors).values(
      officials.map((o) => ({
        userId: o.id,
        secretSealed: sealSecret(secondFactorKey, o.id, secondFactorSecret),
        enabledAt: new Date(),
      })),
    );
    await recordDemoConsent(tx);
  });
}
