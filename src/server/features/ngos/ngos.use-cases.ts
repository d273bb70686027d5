// What the jail authority does with NGOs: each function asks the NGO policy first, then reads or
// changes data; each change owns its transaction and audit entry here.
import type { User } from '#shared/accounts.ts';
import type { NgoChoicesQuery, NgoInput, NgoListQuery, NgoUpdate } from '#shared/ngos.ts';
import type { AppDeps } from '../../types.ts';
import { notFound } from '../../lib/errors.ts';
import { authorizeNgo } from '../../policies/ngo.policy.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Ngo } from '#shared/ngos.ts';
import { toStoredLocation } from '#shared/locations.ts';
import type { Db } from '../../db/client.ts';
import { ngos } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { decodeTimeCursor } from '../../lib/time-cursor.ts';
import { capacityRefusal, ngoChanged, ngoNotFound } from '../../policies/ngo.policy.ts';
import { findNgo, listNgoChoices, listNgoMembers, listNgos } from './ngos.queries.ts';

type Deps = Pick<AppDeps, 'db'>;
type Actor = Pick<User, 'id' | 'role'>;

/** Every NGO, or those with a free seat, by name. */
export async function list({ db }: Deps, actor: Actor, query: NgoListQuery) {
  authorizeNgo(actor, 'list');
  return { items: await listNgos(db, { availableOnly: query.available === 'true' }) };
}

/** 'Select NGO': the NGOs with a free seat nearest the member's prison, or those named so. */
export async function choices({ db }: Deps, actor: Actor, query: NgoChoicesQuery) {
  authorizeNgo(actor, 'list');
  const found = await listNgoChoices(db, query.member, query.q || undefined);
  if (!found) throw notFound('family member');
  return found;
}

export async function create({ db }: Deps, actor: Actor, input: NgoInput) {
  authorizeNgo(actor, 'create');
  return createNgo(db, input, actor.id);
}

export async function update({ db }: Deps, actor: Actor, id: string, input: NgoUpdate) {
  authorizeNgo(actor, 'edit');
  return updateNgo(db, id, input, actor.id);
}

/** A page of the NGO's assigned family members; `after` is the previous page's nextCursor (400 when the server did not write it). */
export async function listMembers({ db }: Deps, actor: Actor, id: string, after: string | undefined) {
  authorizeNgo(actor, 'read-members');
  return listNgoMembers(db, id, after === undefined ? undefined : decodeTimeCursor(after));
}

async function createNgo(db: Db, input: NgoInput, actorId: string): Promise<Ngo> {
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
async function updateNgo(db: Db, id: string, input: NgoUpdate, actorId: string): Promise<Ngo> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ version: ngos.version, assigned: ngos.assignedCount })
      .from(ngos)
      .where(eq(ngos.id, id))
      .for('update');
    if (!locked) throw ngoNotFound();
    if (locked.version !== input.version) throw ngoChanged(await findNgo(tx, id));
    // Kept by the assignments' triggers, in the assigning transaction that holds this row's lock.
    const taken = locked.assigned;
    const refusal = capacityRefusal(input.seatsTotal, taken);
    if (refusal) throw refusal;
    const { seatsTotal, version, ...fields } = input;
    const written = await tx
      .update(ngos)
      .set({ ...fields, ...toStoredLocation(input), seatsFree: seatsTotal - taken, version: sql`${ngos.version} + 1` })
      .where(and(eq(ngos.id, id), eq(ngos.version, version)))
      .returning({ id: ngos.id });
    if (written.length === 0) throw ngoChanged(await findNgo(tx, id));
    await audit(tx, actorId, 'ngo.updated', id, { seatsTotal, seatsFree: seatsTotal - taken });
    const ngo = await findNgo(tx, id);
    if (!ngo) throw ngoNotFound();
    return ngo;
  });
}
