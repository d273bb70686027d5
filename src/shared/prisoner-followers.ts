// Relatives who follow a prisoner (docs/decisions/0050-relatives-join-by-invitation.md): the
// prisoners a family member follows with their fellow followers, the invitation a follower sends (a
// short code to read out on the phone, and a link holding it), joining with it, and leaving.
import { z } from 'zod';
import { PRISON_LIMITS } from './prisoners.ts';
import { AddressSchema, PhoneSchema } from './family.ts';

/** No 0/O, 1/I/L: a code read out on the phone is typed back right. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
/** An invitation is good once, for this many days. */
export const INVITE_DAYS = 7;

/** The code as the server stores and compares it: upper case, spaces and dashes dropped. */
export function normalizeInviteCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/** As shown and read out: two groups of four, e.g. "K7PQ-3MXA". */
export function formatInviteCode(code: string): string {
  const c = normalizeInviteCode(code);
  return c.length === INVITE_CODE_LENGTH ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

const CODE_RULE = 'Enter the 8-letter code you were given, for example K7PQ-3MXA.';
export const InviteCodeSchema = z
  .string({ error: CODE_RULE })
  .trim()
  .max(20, CODE_RULE)
  .refine((v) => new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`).test(normalizeInviteCode(v)), CODE_RULE);

export const RelationSchema = z
  .string({ error: 'Say how you are related to the prisoner.' })
  .trim()
  .min(1, 'Say how you are related to the prisoner.')
  .max(PRISON_LIMITS.relationMax, `Say it in at most ${PRISON_LIMITS.relationMax} characters.`);

export const FollowerSchema = z.object({
  name: z.string(),
  relation: z.string(),
  /** The signed-in member themself. */
  you: z.boolean(),
});

export const FollowedPrisonerSchema = z.object({
  id: z.uuid(),
  /** As typed, any script; '' when the family gave none. */
  name: z.string(),
  nameLatin: z.string(),
  /** The signed-in member's relation to the prisoner. */
  relation: z.string(),
  /** Everyone who follows the prisoner, in the order they joined. */
  followers: z.array(FollowerSchema),
  /** The prisoner's cases (ids as in GET /api/family/cases), oldest first, and who registered each. */
  cases: z.array(z.object({ id: z.uuid(), registeredBy: z.string(), yours: z.boolean() })),
  /** False for the only follower: the prisoner's record would be left with nobody. */
  canLeave: z.boolean(),
});
export type FollowedPrisoner = z.infer<typeof FollowedPrisonerSchema>;

export const FollowedPrisonersSchema = z.object({ prisoners: z.array(FollowedPrisonerSchema) });
export type FollowedPrisoners = z.infer<typeof FollowedPrisonersSchema>;

export const PrisonerIdParamsSchema = z.strictObject({ prisonerId: z.uuid() });

export const InvitationSchema = z.object({
  /** Shown once: only its hash is kept. */
  code: z.string(),
  /** /join?code=…, on this deployment. */
  link: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const LookUpInvitationSchema = z.strictObject({ code: InviteCodeSchema });

export const InvitationPreviewSchema = z.object({
  prisoner: z.object({ name: z.string(), nameLatin: z.string() }),
  invitedBy: z.string(),
  expiresAt: z.string(),
  /** The member already follows this prisoner: nothing to join. */
  alreadyFollowing: z.boolean(),
  /** The member has no family record yet: joining asks for their phone and address too. */
  registered: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** Joining: the code and the relation, with the member's phone and address when they have no record yet. */
export const AcceptInvitationSchema = z.strictObject({
  code: InviteCodeSchema,
  relation: RelationSchema,
  phone: PhoneSchema.optional(),
  address: AddressSchema.optional(),
});
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;

export const JoinedSchema = z.object({ prisonerId: z.uuid() });
