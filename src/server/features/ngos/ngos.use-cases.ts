// What the jail authority does with NGOs: each function asks the NGO policy first, then reads or
// changes data (the changes own their transaction and audit entry in ngos.queries.ts).
import type { User } from '#shared/accounts.ts';
import type { NgoInput, NgoListQuery, NgoUpdate } from '#shared/ngos.ts';
import type { AppDeps } from '../../types.ts';
import { notFound } from '../../lib/errors.ts';
import { authorizeNgo } from '../../policies/ngo.policy.ts';
import { createNgo, findMemberLocation, listNgoMembers, listNgos, updateNgo } from './ngos.queries.ts';

type Deps = Pick<AppDeps, 'db'>;
type Actor = Pick<User, 'id' | 'role'>;

/** Every NGO, or those with a free seat; with `near`, the ones close to that member's prison first. */
export async function list({ db }: Deps, actor: Actor, query: NgoListQuery) {
  authorizeNgo(actor, 'list');
  const availableOnly = query.available === 'true';
  if (!query.near) return { items: await listNgos(db, { availableOnly }) };
  const near = await findMemberLocation(db, query.near);
  if (near === undefined) throw notFound('family member');
  return { items: await listNgos(db, { availableOnly, near }) };
}

export async function create({ db }: Deps, actor: Actor, input: NgoInput) {
  authorizeNgo(actor, 'create');
  return createNgo(db, input, actor.id);
}

export async function update({ db }: Deps, actor: Actor, id: string, input: NgoUpdate) {
  authorizeNgo(actor, 'edit');
  return updateNgo(db, id, input, actor.id);
}

export async function listMembers({ db }: Deps, actor: Actor, id: string, page: number) {
  authorizeNgo(actor, 'read-members');
  return listNgoMembers(db, id, page);
}
