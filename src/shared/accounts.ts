// Accounts: sign-up, sign-in, session, profile (SPEC §2, §4, §5).
import { z } from 'zod';
import { LanguageSchema, LIMITS, RoleSchema } from './constants.ts';

/** SPEC §5: a lowercase letter first, then an address at one of the allowed domains (gmail.com by default). */
export function emailPattern(domains: readonly string[]): RegExp {
  const alt = domains.map((d) => d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(`^[a-z][a-z0-9._%+-]*@(?:${alt})$`);
}

export function emailRuleMessage(domains: readonly string[]): string {
  return `Please use a valid ${domains.map((d) => `@${d}`).join(' or ')} email address.`;
}

const email = z.string().trim().min(1, 'Email is required.').max(LIMITS.emailMax);
const password = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters.`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`);
export const NameSchema = z.string().trim().min(1, 'Name is required.').max(LIMITS.nameMax);

export const SignUpSchema = z.strictObject({
  role: RoleSchema,
  name: NameSchema,
  email,
  password,
  /** Needed for Jail-Authority only (DESIGN §3). */
  registrationCode: z.string().max(200).optional(),
});
export type SignUp = z.infer<typeof SignUpSchema>;

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
});
export type User = z.infer<typeof UserSchema>;

export const SessionSchema = z.object({ user: UserSchema.nullable() });
export type Session = z.infer<typeof SessionSchema>;

export const MetaSchema = z.object({
  emailDomains: z.array(z.string()),
  passwordMin: z.number(),
});
export type Meta = z.infer<typeof MetaSchema>;

export const SetLanguageSchema = z.strictObject({ language: LanguageSchema });
