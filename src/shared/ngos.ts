// NGOs (rehabilitation centres): managed by the jail authority (DESIGN §3), SPEC §3 "ngo".
import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** Highest free-seat count accepted: a typo guard, not a business rule. */
export const NGO_SEATS_MAX = 100_000;

export const NGO_FIELD_MESSAGES = {
  nameRequired: 'Name is required.',
  addressRequired: 'Address is required.',
  contactRequired: 'Contact info is required.',
  seats: 'Free seats must be a whole number of 0 or more.',
  seatsTooMany: `Free seats must be at most ${NGO_SEATS_MAX}.`,
} as const;

const text = (required: string, max: number) => z.string().trim().min(1, required).max(max, `At most ${max} characters.`);

export const NgoInputSchema = z.strictObject({
  name: text(NGO_FIELD_MESSAGES.nameRequired, LIMITS.nameMax),
  address: text(NGO_FIELD_MESSAGES.addressRequired, LIMITS.addressMax),
  contactInfo: text(NGO_FIELD_MESSAGES.contactRequired, LIMITS.ngoTextMax),
  report: z.string().trim().max(LIMITS.ngoTextMax, `At most ${LIMITS.ngoTextMax} characters.`).default(''),
  seatsFree: z
    .number({ error: NGO_FIELD_MESSAGES.seats })
    .int(NGO_FIELD_MESSAGES.seats)
    .min(0, NGO_FIELD_MESSAGES.seats)
    .max(NGO_SEATS_MAX, NGO_FIELD_MESSAGES.seatsTooMany),
});
export type NgoInput = z.infer<typeof NgoInputSchema>;

/** What a family member and the dashboard see of an NGO. */
export const NgoSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  contactInfo: z.string(),
  report: z.string(),
});
export type NgoSummary = z.infer<typeof NgoSummarySchema>;

export const NgoSchema = NgoSummarySchema.extend({
  seatsFree: z.number().int(),
  /** Family members assigned to this NGO now. */
  assignedCount: z.number().int(),
});
export type Ngo = z.infer<typeof NgoSchema>;

export const NgoListQuerySchema = z.strictObject({
  /** true: only NGOs with a free seat (the 'Select NGO' list, SPEC §9). */
  available: z.enum(['true', 'false']).optional(),
});

export const NgoListSchema = z.object({ items: z.array(NgoSchema) });
export type NgoList = z.infer<typeof NgoListSchema>;

export const NgoIdParamsSchema = z.strictObject({ id: z.uuid() });

export const NGO_MEMBERS_PAGE_SIZE = 25;

export const NgoMembersQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const NgoMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  assignedAt: z.string(),
});
export type NgoMember = z.infer<typeof NgoMemberSchema>;

export const NgoMembersPageSchema = z.object({
  ngo: NgoSchema,
  items: z.array(NgoMemberSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type NgoMembersPage = z.infer<typeof NgoMembersPageSchema>;
