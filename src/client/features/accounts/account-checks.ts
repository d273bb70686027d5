// SignInSchema and SignUpSchema (src/shared/accounts.ts) as hand-written checks for the one form
// resolver, so the sign-in route loads no validator (docs/decisions/0010-no-zod-on-the-sign-in-route.md).
// They report the issues zod would (account-checks.test.ts keeps the two in step), plus the allowed
// e-mail domains the server checks after the schema.
import { LIMITS, ROLES } from '#shared/constants.ts';
import type { CheckingSchema, SchemaIssue } from '#client/lib/form-resolver.ts';

export interface AccountInput {
  role: string;
  name?: string;
  email: string;
  password: string;
  registrationCode?: string;
}

function text(issues: SchemaIssue[], field: string, value: string, min: number, max: number) {
  if (value.length < min) issues.push({ code: 'too_small', origin: 'string', minimum: min, path: [field], message: '' });
  else if (value.length > max) issues.push({ code: 'too_big', origin: 'string', maximum: max, path: [field], message: '' });
}

function check(issues: SchemaIssue[]): ReturnType<CheckingSchema['safeParse']> {
  return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
}

/** The fields sign-in and sign-up share: role, e-mail (and its domain, when `emailPattern` is given). */
function common(v: AccountInput, emailPattern?: RegExp): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  if (!(ROLES as readonly string[]).includes(v.role)) issues.push({ code: 'invalid_value', path: ['role'], message: '' });
  // Lower case first, as the server does: a phone capitalises the first letter.
  const email = v.email.trim().toLowerCase();
  text(issues, 'email', email, 1, LIMITS.emailMax);
  if (email && emailPattern && !emailPattern.test(email))
    issues.push({ code: 'invalid_format', format: 'email', path: ['email'], message: '' });
  return issues;
}

export function signInChecks(emailPattern?: RegExp): CheckingSchema {
  return {
    safeParse(data) {
      const v = data as AccountInput;
      const issues = common(v, emailPattern);
      text(issues, 'password', v.password, 1, LIMITS.passwordMax);
      return check(issues);
    },
  };
}

export function signUpChecks(emailPattern?: RegExp): CheckingSchema {
  return {
    safeParse(data) {
      const v = data as AccountInput;
      const issues = common(v, emailPattern);
      text(issues, 'name', (v.name ?? '').trim(), 1, LIMITS.nameMax);
      text(issues, 'password', v.password, LIMITS.passwordMin, LIMITS.passwordMax);
      // The schema lets the code out; the server asks it of a Jail-Authority only.
      if (v.role === 'Jail-Authority' || v.role === 'DLSA')
        text(issues, 'registrationCode', (v.registrationCode ?? '').trim(), 1, LIMITS.registrationCodeMax);
      return check(issues);
    },
  };
}
