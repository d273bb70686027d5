import { describe, expect, it } from 'vitest';
import { SignInSchema, SignUpSchema } from '#shared/accounts.ts';
import { ruleOfIssue } from '#shared/validation-rules.ts';
import { signInChecks, signUpChecks, type AccountInput } from './account-checks.ts';
import { emailPattern } from '#shared/email.ts';

/** Each refused field with its rule and limit, as the resolver reads them. */
function refused(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[] }[] } }) {
  const out: Record<string, ReturnType<typeof ruleOfIssue>> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= ruleOfIssue(issue as Parameters<typeof ruleOfIssue>[0]);
  return out;
}

const ok: AccountInput = { role: 'Lawyer', name: 'Asha', email: 'asha@gmail.com', password: 'long-enough-1' };
const samples: AccountInput[] = [
  ok,
  { role: '', name: '', email: '', password: '' },
  { ...ok, role: 'Judge' },
  { ...ok, name: '   ' },
  { ...ok, name: 'n'.repeat(121) },
  { ...ok, email: '  ' },
  { ...ok, email: `${'a'.repeat(250)}@gmail.com` },
  { ...ok, password: 'short' },
  { ...ok, password: 'p'.repeat(201) },
];

describe('the sign-in route checks agree with the shared schemas', () => {
  it.each(samples)('sign-up: %j', (input) => {
    expect(refused(signUpChecks().safeParse(input))).toEqual(refused(SignUpSchema.safeParse(input)));
  });
  it.each(samples)('sign-in: %j', (input) => {
    const { role, email, password } = input;
    expect(refused(signInChecks().safeParse(input))).toEqual(refused(SignInSchema.safeParse({ role, email, password })));
  });
  it('also refuses an address outside the allowed domains, and asks a Jail-Authority for the code', () => {
    expect(refused(signInChecks(emailPattern(['gmail.com'])).safeParse({ ...ok, email: 'asha@yahoo.com' }))).toEqual({
      email: { rule: 'invalid_format' },
    });
    expect(refused(signUpChecks().safeParse({ ...ok, role: 'Jail-Authority', registrationCode: ' ' }))).toEqual({
      registrationCode: { rule: 'required' },
    });
  });
  it('takes a capitalised address as its lower case, and still refuses one that starts with a digit', () => {
    const pattern = emailPattern(['gmail.com']);
    expect(refused(signInChecks(pattern).safeParse({ ...ok, email: ' Geeta.devi@gmail.com ' }))).toEqual({});
    expect(refused(signUpChecks(pattern).safeParse({ ...ok, email: 'Geeta.Devi@Gmail.com' }))).toEqual({});
    expect(refused(signInChecks(pattern).safeParse({ ...ok, email: '1geeta@gmail.com' }))).toEqual({ email: { rule: 'invalid_format' } });
  });
});
