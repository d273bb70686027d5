// NGOs and their seats: only the jail authority manages NGOs and assigns them (the routes' roles);
// a member holds at most one NGO, an assignment takes a free seat or is refused, and bail is accepted
// only once a bail paper is on the record. The refusals are built here, once.
import { JAIL_ERROR_MESSAGES } from '#shared/jail.ts';
import { conflict } from '../lib/errors.ts';

export const ngoAlreadyAssigned = () => conflict('ngo_already_assigned', JAIL_ERROR_MESSAGES.alreadyAssigned);
export const noSeats = () => conflict('no_seats', JAIL_ERROR_MESSAGES.noSeats);
export const noBailPaper = () => conflict('no_bail_paper', JAIL_ERROR_MESSAGES.noBailPaper);
