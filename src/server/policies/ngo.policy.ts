// NGOs and their seats: who may do what with an NGO, and the seat rules, written once here.
// - Managing NGOs (list them, add one, edit one, see who is assigned) and assigning a member a seat
//   are the jail authority's alone; anyone else may see that NGOs exist, so they get 403, not 404.
//   (The NGO a member holds is part of the member's record: member-record.policy.ts decides who reads it.)
// - Seats: a member holds at most one NGO; an assignment takes a free seat or is refused, and a
//   capacity never drops below the members already assigned. Bail is accepted only once a bail
//   paper is on the record. The queries take the free-seat condition and the refusals from here.
// The decision table is checked, action by role, in tests/policies.test.ts.
import { sql, type SQL } from 'drizzle-orm';
import { JAIL_ERROR_MESSAGES } from '#shared/jail.ts';
import { NGO_CONFLICT_MESSAGES } from '#shared/ngos.ts';
import { ngos } from '../db/schema.ts';
import { conflict, forbidden, notFound, staleEdit } from '../lib/errors.ts';
import type { Role } from '#shared/constants.ts';
import type { Actor, Decision } from './member-record.policy.ts';

/** What a user does with NGOs. */
export type NgoAction =
  /** The NGO list, with seats (GET /api/ngos). */
  | 'list'
  /** Adding an NGO. */
  | 'create'
  /** Changing an NGO's details or capacity. */
  | 'edit'
  /** The members assigned to an NGO. */
  | 'read-members'
  /** Giving a family member a seat at an NGO. */
  | 'assign';

export const NGO_ACTIONS: readonly NgoAction[] = ['list', 'create', 'edit', 'read-members', 'assign'];

/** Who may do each: NGOs and their seats are managed by the jail authority alone. */
const MAY: Record<NgoAction, readonly Role[]> = {
  list: ['Jail-Authority'],
  create: ['Jail-Authority'],
  edit: ['Jail-Authority'],
  'read-members': ['Jail-Authority'],
  assign: ['Jail-Authority'],
};

/** The rule. Refused is 403: that NGOs exist is no secret, managing them is. */
export function decideNgo(actor: Pick<Actor, 'role'>, action: NgoAction): Decision {
  return MAY[action].includes(actor.role) ? 'allow' : 'forbidden';
}

/** Throws the refusal when the user may not do this with NGOs. */
export function authorizeNgo(actor: Pick<Actor, 'role'>, action: NgoAction): void {
  if (decideNgo(actor, action) !== 'allow') throw forbidden();
}

/** SQL: the NGO has a free seat. The list's "available only" and the assignment's seat take use it. */
export function hasFreeSeat(): SQL {
  // A literal, not a parameter: a kept generic plan can then use the partial indexes on it (drizzle/0016).
  return sql`${ngos.seatsFree} > 0`;
}

/** Why an NGO's capacity may not be set to `seatsTotal` with `assigned` members holding seats, or null. */
export function capacityRefusal(seatsTotal: number, assigned: number) {
  return seatsTotal < assigned ? conflict('seats_below_assigned', NGO_CONFLICT_MESSAGES.belowAssigned) : null;
}

export const ngoNotFound = () => notFound('NGO');
/** A form loaded before someone else's edit: 409 with the NGO as saved now (`error.current`). */
export const ngoChanged = (current: unknown) => staleEdit(NGO_CONFLICT_MESSAGES.changed, current, 'ngo_changed');
export const ngoAlreadyAssigned = () => conflict('ngo_already_assigned', JAIL_ERROR_MESSAGES.alreadyAssigned);
export const noSeats = () => conflict('no_seats', JAIL_ERROR_MESSAGES.noSeats);
export const noBailPaper = () => conflict('no_bail_paper', JAIL_ERROR_MESSAGES.noBailPaper);
