// The papers of the money route after bail (src/shared/bail-money-route.ts, docs/law.md#bail-clocks): what the
// family's request to the DLSA secretary, the jail's intimation to the DLSA and the lawyer's application to
// relax the bail conditions are filled from, for a side that may see the case.
import { eq, sql } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import type { BailPaperKind, BailPapers } from '#shared/bail-money-route.ts';
import type { Db } from '../../db/client.ts';
import { cases, familyMembers, prisoners, prisons, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { canSeeCase, type CaseFacts } from './deadlines.policy.ts';
import { findCase } from './deadlines.queries.ts';

/** What the papers need beyond findCase's row: the facts, the fund's steps and the prisoner's prison. */
async function paperFacts(db: Db, caseId: string) {
  const [row] = await db
    .select({
      prisonerName: sql<string>`coalesce(nullif(${cases.prisonerName}, ''), ${prisoners.name}, '')`,
      familyName: users.name,
      court: cases.court,
      cnr: cases.cnr,
      custodySince: cases.custodySince,
      // The charges framed once there are some (src/shared/cases.ts countedOffences).
      offences: sql<
        (typeof cases.$inferSelect)['offences']
      >`case when jsonb_array_length(${cases.chargesFramed}) > 0 then ${cases.chargesFramed} else ${cases.offences} end`,
      dlsaInformedOn: cases.dlsaInformedOn,
      dlsaRecommendedOn: cases.dlsaRecommendedOn,
      committeeDecidedOn: cases.committeeDecidedOn,
      prisonName: prisons.name,
      // A prison not (yet) a record: as the family typed it.
      prisonTyped: sql<string | null>`coalesce(nullif(${prisoners.prisonOther}, ''), nullif(${cases.prison}, ''))`,
      state: prisons.state,
      district: prisons.district,
      dlsaName: prisons.dlsaName,
      dlsaAddress: prisons.dlsaAddress,
      dlsaPhone: prisons.dlsaPhone,
    })
    .from(cases)
    .innerJoin(familyMembers, eq(familyMembers.userId, cases.familyMemberId))
    .innerJoin(users, eq(users.id, cases.familyMemberId))
    .leftJoin(prisoners, eq(prisoners.id, cases.prisonerId))
    .leftJoin(prisons, eq(prisons.id, prisoners.prisonId))
    .where(eq(cases.id, caseId))
    .limit(1);
  return row;
}

/** The paper each side prints: the family's (the case's own relative), the jail's, the accepted lawyer's. */
function papersFor(user: Pick<User, 'id' | 'role'>, facts: CaseFacts): BailPaperKind[] {
  if (user.role === 'Family-Member' && user.id === facts.familyMemberId) return ['dlsa-request'];
  if (user.role === 'Jail-Authority') return ['dlsa-intimation'];
  if (user.role === 'Lawyer' && facts.acceptedLawyer) return ['relax-conditions'];
  return [];
}

export async function readBailPapers(db: Db, user: User, caseId: string): Promise<BailPapers> {
  const row = await findCase(db, caseId, user);
  if (!row || !canSeeCase(user, row)) throw notFound('case');
  const more = await paperFacts(db, caseId);
  if (!more) throw notFound('case');
  return {
    caseId: row.id,
    caseNumber: row.caseNumber,
    prisonerName: more.prisonerName || row.memberName,
    familyName: more.familyName,
    court: row.bailCourt ?? more.court,
    cnr: more.cnr,
    custodySince: more.custodySince,
    offences: more.offences,
    bailGrantedOn: row.bailGrantedOn,
    bailFurnishedOn: row.bailFurnishedOn,
    releasedOn: row.releasedOn,
    order: {
      court: row.bailCourt,
      bondAmount: row.bailBondAmount,
      sureties: row.bailSureties,
      suretyAmount: row.bailSuretyAmount,
      conditions: row.bailConditions,
    },
    fund: { dlsaInformedOn: more.dlsaInformedOn, dlsaRecommendedOn: more.dlsaRecommendedOn, committeeDecidedOn: more.committeeDecidedOn },
    prison:
      more.prisonName !== null
        ? {
            name: more.prisonName,
            state: more.state,
            district: more.district ?? '',
            dlsaName: more.dlsaName ?? '',
            dlsaAddress: more.dlsaAddress ?? '',
            dlsaPhone: more.dlsaPhone ?? '',
          }
        : more.prisonTyped
          ? { name: more.prisonTyped, state: null, district: '', dlsaName: '', dlsaAddress: '', dlsaPhone: '' }
          : null,
    can: papersFor(user, row),
  };
}
