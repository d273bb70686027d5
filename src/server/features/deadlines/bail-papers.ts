// The papers of the money route after bail (src/shared/bail-money-route.ts, docs/law.md#bail-clocks):
// what the family's request to the DLSA secretary, the jail's intimation to the DLSA and the lawyer's
// application to relax the bail conditions are filled from, for the side that may see the case; and the
// jail's printed intimation, which records the DLSA as informed that day
// (docs/decisions/0055-jail-intimation-informs-the-dlsa.md).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { User } from '#shared/accounts.ts';
import {
  BailPaperParamsSchema,
  BailPapersSchema,
  RecordIntimationResultSchema,
  RecordIntimationSchema,
  type BailPaperKind,
  type BailPapers,
} from '#shared/bail-money-route.ts';
import { todayInIndia } from '#shared/release.ts';
import type { Db } from '../../db/client.ts';
import { cases, familyMembers, prisoners, prisons, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { access } from '../../plugins/route-guard.ts';
import { assertCanRecord, canSeeCase, type CaseFacts } from './deadlines.policy.ts';
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
      offences: cases.offences,
      dlsaInformedOn: cases.dlsaInformedOn,
      dlsaRecommendedOn: cases.dlsaRecommendedOn,
      committeeDecidedOn: cases.committeeDecidedOn,
      prisonName: prisons.name,
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
        : null,
    can: papersFor(user, row),
  };
}

/**
 * The jail printed its intimation to the DLSA: the DLSA counts as informed on that day unless a day is
 * already recorded (the DLSA's own record, or an earlier print), which stays. Only while bail is granted
 * and the person not released; audited either way.
 */
export async function recordIntimation(db: Db, user: User, caseId: string, today = todayInIndia()) {
  const row = await findCase(db, caseId, user);
  assertCanRecord(user, row);
  if (user.role !== 'Jail-Authority') throw notFound('case');
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ bailGrantedOn: cases.bailGrantedOn, releasedOn: cases.releasedOn, informed: cases.dlsaInformedOn })
      .from(cases)
      .where(eq(cases.id, caseId))
      .for('update');
    if (!c?.bailGrantedOn || c.bailGrantedOn > today || (c.releasedOn && c.releasedOn <= today))
      throw conflict('not_eligible', 'The intimation is for a person granted bail and not released.');
    const recorded = c.informed === null;
    const on = c.informed ?? today;
    if (recorded) await tx.update(cases).set({ dlsaInformedOn: today }).where(eq(cases.id, caseId));
    await audit(tx, user.id, 'bail.intimation-printed', caseId, { on: today, informedOn: on, recorded });
    return { dlsaInformedOn: on, recorded };
  });
}

export async function bailPapersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/cases/:caseId/bail-papers',
    { config: access.anyRole, schema: { params: BailPaperParamsSchema, response: { 200: BailPapersSchema } } },
    async (req) => readBailPapers(db, requireUser(req), req.params.caseId),
  );

  app.post(
    '/api/cases/:caseId/dlsa-intimation',
    {
      config: access.jail,
      schema: { params: BailPaperParamsSchema, body: RecordIntimationSchema, response: { 200: RecordIntimationResultSchema } },
    },
    async (req) => recordIntimation(db, requireUser(req), req.params.caseId),
  );
}
