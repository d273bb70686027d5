// What the jail authority does with NGOs: each function asks the NGO policy first, then reads or
// changes data (the changes own their transaction and audit entry in ngos.queries.ts).
import type { User } from '#shared/accounts.ts';
import type { NgoChoicesQuery, NgoInput, NgoListQuery, NgoUpdate } from '#shared/ngos.ts';
import type { AppDeps } from '../../types.ts';
import { notFound } from '../../lib/errors.ts';
import { authorizeNgo } from '../../policies/ngo.policy.ts';
import { createNgo, listNgoChoices, listNgoMembers, listNgos, updateNgo } from './ngos.queries.ts';

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

export async function listMembers({ db }: Deps, actor: Actor, id: string, page: number) {
  authorizeNgo(actor, 'read-members');
  return listNgoMembers(db, id, page);
}
