// The jail authority's screens (docs/spec.md#2-screens-and-routes /dashboard and /bail-page, §4 NGO assignment and Bail-Accept).
import { z } from 'zod';
import { DocumentMetaSchema } from './documents.ts';
import { NgoSummarySchema } from './ngos.ts';
import { RELEASE_FILTERS, StoredReleaseSchema } from './cases.ts';

export const MEMBER_FILTERS = ['no-lawyer', 'no-ngo', 'bail-waiting', 'bail-accepted', ...RELEASE_FILTERS] as const;
export const MemberFilterSchema = z.enum(MEMBER_FILTERS);
export type MemberFilter = z.infer<typeof MemberFilterSchema>;

/** Where a family member's case stands, furthest step first wins (the dashboard chart). */
export const MEMBER_STAGES = ['registered', 'lawyer-requested', 'lawyer-assigned', 'bail-paper-waiting', 'bail-accepted'] as const;
export const MemberStageSchema = z.enum(MEMBER_STAGES);
export type MemberStage = z.infer<typeof MemberStageSchema>;

export const MEMBERS_PAGE_SIZE = { min: 25, max: 50, default: 25 } as const;
export const SEARCH_MAX = 200;

/** Pages reached by number (OFFSET) stop here; further pages are reached by cursor (keyset). */
export const MEMBERS_MAX_OFFSET_PAGE = 20;
/**
 * A search reads at most this many matches of each field it looks in (name, email, phone, case id,
 * each in its index's order), so it costs the same however many members match
 * (docs/decisions/0024-search-reads-a-bounded-set.md). When a field has more, the page says
 * "N+" and asks for more of the name, email, phone or case id.
 */
export const MEMBERS_COUNT_CAP = 200;

export const MembersQuerySchema = z
  .strictObject({
    /** With `after`/`before` only a label echoed back; alone, pages 1-20 by number. */
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(MEMBERS_PAGE_SIZE.min).max(MEMBERS_PAGE_SIZE.max).default(MEMBERS_PAGE_SIZE.default),
    /** Name, email, phone or case id; part of it is enough. */
    q: z.string().trim().max(SEARCH_MAX).optional(),
    filter: MemberFilterSchema.optional(),
    /** Keyset cursors from a previous page's nextCursor / prevCursor: a deep page costs what the first does. */
    after: z.string().min(1).max(1_000).optional(),
    before: z.string().min(1).max(1_000).optional(),
    /** The last page. */
    last: z.stringbool().optional(),
  })
  .superRefine((v, ctx) => {
    if ([v.after, v.before, v.last || undefined].filter((x) => x !== undefined).length > 1)
      ctx.addIssue({ code: 'custom', path: ['after'], message: 'Use one of after, before and last.' });
    if (v.page > MEMBERS_MAX_OFFSET_PAGE && v.after === undefined && v.before === undefined && !v.last)
      ctx.addIssue({ code: 'custom', path: ['page'], message: `Pages after ${MEMBERS_MAX_OFFSET_PAGE} are reached with after/before.` });
  });
export type MembersQuery = z.input<typeof MembersQuerySchema>;

export const MemberParamsSchema = z.strictObject({ id: z.uuid() });

export const JailMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  cases: z.array(
    z.object({
      id: z.uuid(),
      caseNumber: z.string(),
      caseType: z.string(),
      /** The court hearing the case, as the family or its lawyer recorded it; null until recorded. */
      court: z.string().nullable(),
      // Release tracker: the stored dates and the charge-sheet date the "due" checks need.
      release: StoredReleaseSchema.optional(),
      chargesheetFiledOn: z.string().nullable().optional(),
      /** The person in jail the case is about: the name as typed, its Latin form, the jail's number. */
      prisoner: z.object({ name: z.string(), nameLatin: z.string(), number: z.string().nullable() }).nullable().optional(),
    }),
  ),
  /**
   * Lawyers of accepted requests, the first accepted first. `name` is null when the lawyer's
   * account is missing (shown as 'Unknown Lawyer'); an empty list is 'No lawyer assigned'.
   */
  lawyers: z.array(z.object({ id: z.uuid(), name: z.string().nullable() })),
  ngo: NgoSummarySchema.nullable(),
  /** Bail papers, newest first. */
  documents: z.array(DocumentMetaSchema),
  /** the spec's (docs/spec.md) "first accepted bail paper": the earliest paper a lawyer uploaded. */
  firstLawyerPaperId: z.uuid().nullable(),
  bailReview: z.object({ status: z.literal('Accepted'), decidedAt: z.string() }).nullable(),
  stage: MemberStageSchema,
});
export type JailMember = z.infer<typeof JailMemberSchema>;

export const MemberCountsSchema = z.object({
  all: z.number().int(),
  noLawyer: z.number().int(),
  noNgo: z.number().int(),
  bailWaiting: z.number().int(),
  bailAccepted: z.number().int(),
});
export type MemberCounts = z.infer<typeof MemberCountsSchema>;

export const MemberChartSchema = z.object({
  /** Family members with at least one case of the type (every type listed, zeros included). */
  byCaseType: z.array(z.object({ caseType: z.string(), members: z.number().int() })),
  byStage: z.array(z.object({ stage: MemberStageSchema, members: z.number().int() })),
});
export type MemberChart = z.infer<typeof MemberChartSchema>;

export const MembersPageSchema = z.object({
  items: z.array(JailMemberSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Members matching the search and filter. */
  total: z.number().int(),
  /**
   * True when more members match a search than it reads (a field with more than MEMBERS_COUNT_CAP
   * matches): `total` then counts the members it read, and more match.
   */
  totalCapped: z.boolean(),
  /** Cursor for the next page (`after`), null on the last page. */
  nextCursor: z.string().nullable(),
  /** Cursor for the previous page (`before`), null on the first page. */
  prevCursor: z.string().nullable(),
  /** Over every family member, whatever the search. */
  counts: MemberCountsSchema,
  chart: MemberChartSchema,
});
export type MembersPage = z.infer<typeof MembersPageSchema>;

export const AssignNgoSchema = z.strictObject({ ngoId: z.uuid('Select NGO') });
export type AssignNgo = z.infer<typeof AssignNgoSchema>;

export const AssignNgoResultSchema = z.object({
  familyMemberId: z.uuid(),
  ngo: NgoSummarySchema,
  seatsFree: z.number().int(),
});
export type AssignNgoResult = z.infer<typeof AssignNgoResultSchema>;

export const BailAcceptResultSchema = z.object({
  familyMemberId: z.uuid(),
  status: z.literal('Accepted'),
  decidedAt: z.string(),
  /** True when bail had been accepted before: nothing changed and no email was sent. */
  alreadyAccepted: z.boolean(),
});
export type BailAcceptResult = z.infer<typeof BailAcceptResultSchema>;

/**
 * A Bail-Accept can be undone for this long (server-enforced). Its emails wait out the same time
 * by default (BAIL_EMAIL_HOLD_SECONDS), so an undo in time means nobody was told of the mistake.
 */
export const BAIL_UNDO_SECONDS = 300;

export const BailUndoResultSchema = z.object({
  familyMemberId: z.uuid(),
  /** True when bail was not accepted (any more): nothing changed. */
  alreadyUndone: z.boolean(),
  /** Emails of the acceptance that had already gone out and now get a correction. */
  corrections: z.number().int(),
});
export type BailUndoResult = z.infer<typeof BailUndoResultSchema>;

export const JAIL_ERROR_MESSAGES = {
  noSeats: 'No seats available for this NGO.',
  alreadyAssigned: 'This family member already has an NGO.',
  noBailPaper: 'This family member has no bail paper to accept yet.',
  undoExpired: 'This Bail-Accept can no longer be undone: the time to undo it has passed.',
} as const;
