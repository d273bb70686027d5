// Hand-written checks for the few payloads the sign-in route reads (session, user, meta), so that route
// loads no validator library (docs/decisions/0010-no-zod-on-the-sign-in-route.md). They check the same
// shapes as UserSchema, SessionSchema and MetaSchema in src/shared/accounts.ts; light-parsers.test.ts
// keeps them in step with those schemas.
import type { Meta, Session, User } from '#shared/accounts.ts';
import { LANGUAGES, ROLES } from '#shared/constants.ts';
import { SECOND_FACTOR_STEPS } from '#shared/second-factor.ts';
import type { Parser } from './api-client.ts';
import { UUID_PATTERN } from '#shared/validation-rules.ts';

function fail(what: string): never {
  throw new TypeError(`Unexpected ${what} from the server`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readUser(v: unknown): User {
  if (!isRecord(v)) fail('user');
  const { id, name, email, role, language, secondFactor } = v;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) fail('user id');
  if (typeof name !== 'string' || typeof email !== 'string') fail('user');
  if (!(ROLES as readonly unknown[]).includes(role)) fail('role');
  if (language !== null && !(LANGUAGES as readonly unknown[]).includes(language)) fail('language');
  if (secondFactor !== undefined && !(SECOND_FACTOR_STEPS as readonly unknown[]).includes(secondFactor)) fail('second factor');
  const user: User = { id, name, email, role: role as User['role'], language: language as User['language'] };
  return secondFactor === undefined ? user : { ...user, secondFactor: secondFactor as User['secondFactor'] };
}

export const userParser: Parser<User> = { parse: readUser };

export const sessionParser: Parser<Session> = {
  parse: (v) => {
    if (!isRecord(v) || !('user' in v)) fail('session');
    return { user: v.user === null ? null : readUser(v.user) };
  },
};

export const metaParser: Parser<Meta> = {
  parse: (v) => {
    if (!isRecord(v)) fail('meta');
    const { emailDomains, passwordMin } = v;
    if (!Array.isArray(emailDomains) || !emailDomains.every((d) => typeof d === 'string')) fail('meta');
    if (typeof passwordMin !== 'number') fail('meta');
    return { emailDomains: emailDomains, passwordMin };
  },
};

/** A 204 (or a body the caller ignores). */
export const nullParser: Parser<null> = { parse: () => null };
