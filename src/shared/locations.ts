// Location (state and district) of a family member (the prison's district), a lawyer (court district)
// and an NGO, from the fixed list in india-locations.ts. Both or neither: a record without a
// place is still valid (accounts made before locations existed) and is matched after the others.
import { z } from 'zod';
import { currentDistrictName, isDistrictOf, STATE_CODES } from './india-locations.ts';

export const LOCATION_MESSAGES = {
  state: 'Choose a state or union territory.',
  district: 'Choose a district of the chosen state.',
} as const;

/** The two optional fields every form with a location adds to its body. */
export const locationFields = {
  state: z.enum(STATE_CODES, { error: LOCATION_MESSAGES.state }).optional(),
  district: z.string({ error: LOCATION_MESSAGES.district }).trim().max(100, LOCATION_MESSAGES.district).optional(),
};

/** The district must belong to the state; one without the other is refused. */
export function checkLocation(v: { state?: string | undefined; district?: string | undefined }, ctx: z.RefinementCtx) {
  const district = v.district === '' ? undefined : v.district;
  if (v.state && !district) ctx.addIssue({ code: 'custom', path: ['district'], message: LOCATION_MESSAGES.district });
  else if (!v.state && district) ctx.addIssue({ code: 'custom', path: ['state'], message: LOCATION_MESSAGES.state });
  else if (v.state && district && !isDistrictOf(v.state, district))
    ctx.addIssue({ code: 'custom', path: ['district'], message: LOCATION_MESSAGES.district });
}

/** What is stored: both set, or both null; a district by its former name is stored by its current one. */
export function toStoredLocation(v: { state?: string | undefined; district?: string | undefined }) {
  return v.state && v.district ? { state: v.state, district: currentDistrictName(v.state, v.district) } : { state: null, district: null };
}

export const LocationSchema = z.object({ state: z.string(), district: z.string() });
export type Location = z.infer<typeof LocationSchema>;

/** How close a lawyer or an NGO is to the family member: same district, same state, elsewhere. */
export const NEARNESS = ['district', 'state', 'other'] as const;
export const NearnessSchema = z.enum(NEARNESS);
export type Nearness = z.infer<typeof NearnessSchema>;
