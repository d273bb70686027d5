// NGO management by the jail authority (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong: add, edit seats; who is assigned to each).
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Ngo, NgoInput, NgoMembersPage, NgoUpdate } from '#shared/ngos.ts';
import { NGO_MEMBERS_PAGE_SIZE } from '#shared/ngos.ts';
import type { Db } from '../../db/client.ts';
import { familyMembers, ngoAssignments, ngos, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { nearbyFirst, nearnessOf } from '../../lib/location.ts';
import { toStoredLocation, type Location } from '#shared/locations.ts';
import { capacityRefusal, hasFreeSeat, ngoChanged, ngoNotFound } from '../../policies/ngo.policy.ts';

// The list and its counts read the ngos table alone: the assigned count is kept on the NGO row by
// triggers (drizzle/0015_ngo_assigned_count.sql), never counted over ngo_assignments per request.
function selectNgos(db: Db) {
  return db
    .select({
      id: ngos.id,
      name: ngos.name,
      address: ngos.address,
      contactInfo: ngos.contactInfo,
      report: ngos.report,
      seatsFree: ngos.seatsFree,
      seatsTotal: sql<number>`${ngos.seatsFree} + ${ngos.assignedCount}`.mapWith(Number),
      version: ngos.version,
      state: ngos.state,
      district: ngos.district,
      assignedCount: ngos.assignedCount,
    })
    .from(ngos);
}

/** With `near` (a family member's prison location): NGOs in that district first, then that state. */
export async function listNgos(db: Db, options: { availableOnly: boolean; near?: Location | null }): Promise<Ngo[]> {
  const q = selectNgos(db);
  const filtered = options.availableOnly ? q.where(hasFreeSeat()) : q;
  if (options.near === undefined) return filtered.orderBy(asc(ngos.name), asc(ngos.id));
  const near = options.near;
  const rows = await filtered.orderBy(...nearbyFirst(ngos, near), asc(ngos.name), asc(ngos.id));
  return rows.map((r) => ({ ...r, nearness: nearnessOf(r, near) }));
}

/** A family member's prison location; undefined when there is no such member. */
export async function findMemberLocation(db: Db, familyMemberId: string): Promise<Location | null | undefined> {
  const [row] = await db
    .select({ state: familyMembers.state, district: familyMembers.district })
    .from(familyMembers)
    .where(eq(familyMembers.userId, familyMemberId))
    .limit(1);
  if (!row) return undefined;
  return row.state && row.district ? { state: row.state, district: row.district } : null;
}

export async function findNgo(db: Db, id: string): Promise<Ngo | undefined> {
  const [row] = await selectNgos(db).where(eq(ngos.id, id)).limit(1);
  return row;
}

export async function createNgo(db: Db, input: NgoInput, actorId: string): Promise<Ngo> {
  return db.transaction(async (tx) => {
    const { seatsTotal, ...fields } = input;
    const values = { ...fields, ...toStoredLocation(input) };
    const [row] = await tx
      .insert(ngos)
      .values({ ...values, seatsFree: seatsTotal })
      .returning({ id: ngos.id, version: ngos.version });
    if (!row) throw new Error('ngo insert returned nothing');
    await audit(tx, actorId, 'ngo.created', row.id, { seatsTotal });
    return { ...values, id: row.id, seatsFree: seatsTotal, seatsTotal, version: row.version, assignedCount: 0 };
  });
}

/**
 * Edits an NGO. The form sends a capacity, never a free count: the free count is derived here as
 * capacity − assigned members, with the NGO row locked first. An assignment takes the same row lock
 * (its conditional decrement) before adding its member, whose trigger then raises the row's assigned
 * count: the count read with the lock includes every committed assignment and none can slip in before
 * this transaction ends.
 * A form loaded before another edit carries an older version and gets a 409.
 */
export async function updateNgo(db: Db, id: string, input: NgoUpdate, actorId: string): Promise<Ngo> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ version: ngos.version, assigned: ngos.assignedCount })
      .from(ngos)
      .where(eq(ngos.id, id))
      .for('update');
    if (!locked) throw ngoNotFound();
    if (locked.version !== input.version) throw ngoChanged();
    // Kept by the assignments' triggers, in the assigning transaction that holds this row's lock.
    const taken = locked.assigned;
    const refusal = capacityRefusal(input.seatsTotal, taken);
    if (refusal) throw refusal;
    const { seatsTotal, version, ...fields } = input;
    await tx
      .update(ngos)
      .set({ ...fields, ...toStoredLocation(input), seatsFree: seatsTotal - taken, version: version + 1 })
      .where(eq(ngos.id, id));
    await audit(tx, actorId, 'ngo.updated', id, { seatsTotal, seatsFree: seatsTotal - taken });
    const ngo = await findNgo(tx, id);
    if (!ngo) throw ngoNotFound();
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
  if (!ngo) throw ngoNotFound();
  return {
    ngo,
    items: items.map((m) => ({ ...m, assignedAt: m.assignedAt.toISOString() })),
    page,
    pageSize,
    total: ngo.assignedCount,
  };
}
