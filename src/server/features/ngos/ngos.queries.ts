// NGO management by the jail authority (DESIGN §3: add, edit seats; who is assigned to each).
import { asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Ngo, NgoInput, NgoMembersPage } from '#shared/ngos.ts';
import { NGO_MEMBERS_PAGE_SIZE } from '#shared/ngos.ts';
import type { Db } from '../../db/client.ts';
import { familyMembers, ngoAssignments, ngos, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';

// One statement for the list and its counts: assignments are counted in a grouped subquery.
const assignedCounts = (db: Db) =>
  db
    .select({ ngoId: ngoAssignments.ngoId, n: count().as('n') })
    .from(ngoAssignments)
    .groupBy(ngoAssignments.ngoId)
    .as('assigned_counts');

function selectNgos(db: Db) {
  const counts = assignedCounts(db);
  return db
    .select({
      id: ngos.id,
      name: ngos.name,
      address: ngos.address,
      contactInfo: ngos.contactInfo,
      report: ngos.report,
      seatsFree: ngos.seatsFree,
      assignedCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
    })
    .from(ngos)
    .leftJoin(counts, eq(counts.ngoId, ngos.id));
}

export async function listNgos(db: Db, options: { availableOnly: boolean }): Promise<Ngo[]> {
  const q = selectNgos(db);
  return (options.availableOnly ? q.where(gt(ngos.seatsFree, 0)) : q).orderBy(asc(ngos.name), asc(ngos.id));
}

export async function findNgo(db: Db, id: string): Promise<Ngo | undefined> {
  const [row] = await selectNgos(db).where(eq(ngos.id, id)).limit(1);
  return row;
}

export async function createNgo(db: Db, input: NgoInput, actorId: string): Promise<Ngo> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(ngos).values(input).returning({ id: ngos.id });
    if (!row) throw new Error('ngo insert returned nothing');
    await audit(tx, actorId, 'ngo.created', row.id, { seatsFree: input.seatsFree });
    return { ...input, id: row.id, assignedCount: 0 };
  });
}

export async function updateNgo(db: Db, id: string, input: NgoInput, actorId: string): Promise<Ngo> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(ngos).set(input).where(eq(ngos.id, id)).returning({ id: ngos.id });
    if (!row) throw notFound('NGO');
    await audit(tx, actorId, 'ngo.updated', id, { seatsFree: input.seatsFree });
    const ngo = await findNgo(tx, id);
    if (!ngo) throw notFound('NGO');
    return ngo;
  });
}

/** The family members assigned to an NGO, newest assignment first, one page at a time. */
export async function listNgoMembers(db: Db, id: string, page: number): Promise<NgoMembersPage> {
  const pageSize = NGO_MEMBERS_PAGE_SIZE;
  const [ngo, items] = await Promise.all([
    findNgo(db, id),
    db
      .select({
        id: familyMembers.userId,
        name: users.name,
        email: users.email,
        phone: familyMembers.phone,
        assignedAt: ngoAssignments.assignedAt,
      })
      .from(ngoAssignments)
      .innerJoin(familyMembers, eq(familyMembers.userId, ngoAssignments.familyMemberId))
      .innerJoin(users, eq(users.id, familyMembers.userId))
      .where(eq(ngoAssignments.ngoId, id))
      .orderBy(desc(ngoAssignments.assignedAt), asc(users.name))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  if (!ngo) throw notFound('NGO');
  return {
    ngo,
    items: items.map((m) => ({ ...m, assignedAt: m.assignedAt.toISOString() })),
    page,
    pageSize,
    total: ngo.assignedCount,
  };
}
