// Accounts: sign-up, sign-in, session, profile (docs/spec.md#2-screens-and-routes, §4, §5).
import { z } from 'zod';
import { CONFIRM_LINK_HOURS, LIMITS, SIGNUP_ROLES } from './constants.ts';
import { LanguageSchema, RoleSchema } from './enums.ts';
import { SECOND_FACTOR_STEPS } from './second-factor.ts';

export { emailPattern, emailRuleMessage } from './email.ts';

const email = z.string().trim().min(1, 'Email is required.').max(LIMITS.emailMax);
const password = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters.`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`);
export const NameSchema = z.string().trim().min(1, 'Name is required.').max(LIMITS.nameMax);

export const SignUpSchema = z.strictObject({
  /** The State-Administrator is made from the command line, never by sign-up (README, "First administrator"). */
  role: z.enum(SIGNUP_ROLES),
  name: NameSchema,
  email,
  password,
  /** Needed for Jail-Authority and DLSA only (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong). */
  registrationCode: z.string().max(LIMITS.registrationCodeMax).optional(),
  /** The language the person signs up in; their welcome email is written in it. */
  language: LanguageSchema.optional(),
  /**
   * The privacy notice (/privacy) accepted: without it the server answers 400 notice_not_accepted
   * (docs/decisions/0053-notice-and-consent.md). Optional here so that the refusal has its own code.
   */
  acceptNotice: z.boolean().optional(),
  /** "I am 18 or older"; a family member under 18 gives a parent's email instead (400 parent_email_required otherwise). */
  adult: z.boolean().optional(),
  /** A minor's parent or guardian, emailed a link to confirm before the account opens. */
  parentEmail: z.string().trim().max(LIMITS.emailMax).optional(),
});
export type SignUp = z.infer<typeof SignUpSchema>;

/**
 * Every accepted sign-up gets this answer, new address or taken, and no one is signed in: the
 * account opens from the link emailed to the address; a taken address's owner is emailed instead
 * (docs/decisions/0018-signup-confirm-by-email-link.md).
 */
export const SIGN_UP_REPLY = 'Check your email. If this address already has a Rihaai account, we have sent its owner a message instead.';

/** The token from the emailed confirmation link (/confirm-email?token=…). */
export const ConfirmEmailSchema = z.strictObject({
  token: z.string().min(1, 'The confirmation link is incomplete.').max(200),
  /**
   * The password chosen at sign-up: the account opens with the choices of the sign-up whose link
   * this is, and only for the person who chose them (decision 0033, probe defect 2: someone else's earlier
   * sign-up of the same address never decides its password or role).
   */
  password: z.string().min(1, 'Type the password you chose when you signed up.').max(LIMITS.passwordMax),
});
export type ConfirmEmail = z.infer<typeof ConfirmEmailSchema>;

/** Asks for a new confirmation link; answered the same whatever the address. */
export const ResendConfirmationSchema = z.strictObject({ email });
export type ResendConfirmation = z.infer<typeof ResendConfirmationSchema>;
export const RESEND_CONFIRMATION_REPLY = `If this address has an account waiting to be opened, we have sent it a new link. The link works once and expires in ${CONFIRM_LINK_HOURS} hours.`;

export const SignInSchema = z.strictObject({
  role: RoleSchema,
  email,
  password: z.string().min(1, 'Password is required.').max(LIMITS.passwordMax),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const UserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  language: LanguageSchema.nullable(),
  /** What this session still needs before any data (docs/decisions/0043-second-factor-for-officials.md); absent once passed. */
  secondFactor: z.enum(SECOND_FACTOR_STEPS).optional(),
  /** A jail authority's prison: it sees that prison's prisoners and their relatives only (absent: the whole deployment). */
  prisonId: z.uuid().optional(),
  /** A DLSA's district: it sees that district's prisons only. */
  district: z.object({ state: z.string(), district: z.string() }).optional(),
});
export type User = z.infer<typeof UserSchema>;

export const SignUpReplySchema = z.object({ message: z.string() });
export type SignUpReply = z.infer<typeof SignUpReplySchema>;

export const SessionSchema = z.object({ user: UserSchema.nullable() });
export type Session = z.infer<typeof SessionSchema>;

export const MetaSchema = z.object({
  emailDomains: z.array(z.string()),
  passwordMin: z.number(),
});
export type Meta = z.infer<typeof MetaSchema>;

export const SetLanguageSchema = z.strictObject({ language: LanguageSchema });
