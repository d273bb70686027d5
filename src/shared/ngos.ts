// NGOs (rehabilitation centres): managed by the jail authority (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong), docs/spec.md#3-entities-and-their-fields "ngo".
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { checkLocation, locationFields, NearnessSchema } from './locations.ts';

/** Highest seat count accepted: a typo guard, not a business rule. */
export const NGO_SEATS_MAX = 100_000;

export const NGO_FIELD_MESSAGES = {
  nameRequired: 'Name is required.',
  addressRequired: 'Address is required.',
  contactRequired: 'Contact info is required.',
  seats: 'Total seats must be a whole number of 0 or more.',
  seatsTooMany: `Total seats must be at most ${NGO_SEATS_MAX}.`,
} as const;

/** 409 answers of an NGO edit. */
export const NGO_CONFLICT_MESSAGES = {
  changed: 'Someone else changed this NGO while you were editing it. Reload to see their changes, then try again.',
  belowAssigned: 'Total seats cannot be fewer than the family members already assigned to this NGO.',
} as const;

const text = (required: string, max: number) => z.string().trim().min(1, required).max(max, `At most ${max} characters.`);

export const NgoInputSchema = z
  .strictObject({
    name: text(NGO_FIELD_MESSAGES.nameRequired, LIMITS.nameMax),
    address: text(NGO_FIELD_MESSAGES.addressRequired, LIMITS.addressMax),
    contactInfo: text(NGO_FIELD_MESSAGES.contactRequired, LIMITS.ngoTextMax),
    report: z.string().trim().max(LIMITS.ngoTextMax, `At most ${LIMITS.ngoTextMax} characters.`).default(''),
    /**
     * The NGO's capacity. Free seats are derived (capacity − assigned members) under a row lock, so
     * an edit never writes back a free count that assignments have since changed.
     */
    seatsTotal: z
      .number({ error: NGO_FIELD_MESSAGES.seats })
      .int(NGO_FIELD_MESSAGES.seats)
      .min(0, NGO_FIELD_MESSAGES.seats)
      .max(NGO_SEATS_MAX, NGO_FIELD_MESSAGES.seatsTooMany),
    ...locationFields,
  })
  .superRefine(checkLocation);
export type NgoInput = z.infer<typeof NgoInputSchema>;

/** An edit carries the version the form was loaded at; a newer version means a stale form (409). */
export const NgoUpdateSchema = NgoInputSchema.extend({ version: z.number().int().min(0).max(2_147_483_647) });
export type NgoUpdate = z.infer<typeof NgoUpdateSchema>;

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
  /** Capacity: free seats plus assigned members. */
  seatsTotal: z.number().int(),
  version: z.number().int(),
  /** Family members assigned to this NGO now. */
  assignedCount: z.number().int(),
  state: z.string().nullable(),
  district: z.string().nullable(),
});
export type Ngo = z.infer<typeof NgoSchema>;

export const NgoListQuerySchema = z.strictObject({
  /** true: only NGOs with a free seat (docs/spec.md#9-business-constants-and-limits). */
  available: z.enum(['true', 'false']).optional(),
});
export type NgoListQuery = z.infer<typeof NgoListQuerySchema>;

/**
 * 'Select NGO' on the dashboard shows at most this many NGOs with a free seat: the nearest the
 * member's prison, or those whose name starts with what was typed
 * (docs/decisions/0030-select-ngo-nearest-and-by-name.md).
 */
export const NGO_CHOICES_LIMIT = 20;

export const NgoChoicesQuerySchema = z.strictObject({
  /** The family member the NGO is chosen for: their prison's district first, then their state, then the rest. */
  member: z.uuid(),
  /** The start of an NGO's name, any case; empty or absent: the nearest NGOs. */
  q: z.string().trim().max(LIMITS.nameMax, `At most ${LIMITS.nameMax} characters.`).optional(),
});
export type NgoChoicesQuery = z.infer<typeof NgoChoicesQuerySchema>;

/** An NGO 'Select NGO' offers: what the dashboard shows of it, its free seats, and how near it is. */
export const NgoChoiceSchema = NgoSummarySchema.extend({
  seatsFree: z.number().int(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  /** Same district as the member's prison, same state, or elsewhere. */
  nearness: NearnessSchema,
});
export type NgoChoice = z.infer<typeof NgoChoiceSchema>;

/** `more`: other NGOs with a free seat exist beyond these (nearest) or also match (search). */
export const NgoChoicesSchema = z.object({ items: z.array(NgoChoiceSchema), more: z.boolean() });
export type NgoChoices = z.infer<typeof NgoChoicesSchema>;

export const NgoListSchema = z.object({ items: z.array(NgoSchema) });
export type NgoList = z.infer<typeof NgoListSchema>;

export const NgoIdParamsSchema = z.strictObject({ id: z.uuid() });

/** Members a page of an NGO's assigned family members (docs/decisions/0044-keyset-pages-for-the-heavy-tail.md). */
export const NGO_MEMBERS_PAGE_SIZE = 25;

export const NgoMembersQuerySchema = z.strictObject({
  /** A previous page's nextCursor: the page after it. Absent: the newest assignments. */
  after: z.string().min(1).max(200).optional(),
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
  /** Everyone assigned now: the NGO's kept count, not counted per request. */
  total: z.number().int(),
  /** The next page's `after`; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NgoMembersPage = z.infer<typeof NgoMembersPageSchema>;
