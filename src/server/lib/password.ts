import { hash, verify } from '@node-rs/argon2';
import { invalid } from './errors.ts';

// argon2id is the library's default algorithm; OWASP's minimum parameters.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash it still spends the same time, so timing reveals no account. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-0000');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * Passwords this project has published (the README's demo password and development code): an
 * account with one of them is open to anyone who read the README.
 */
export const PUBLISHED_PASSWORDS = ['rihaai-demo-2024', 'rihaai-jail-2024'];

export const COMMON_PASSWORD_MESSAGE = 'This password is on a list of common or published passwords. Choose another one.';

let common: Promise<Set<string>> | undefined;

/** The ~49,000 most common passwords of @zxcvbn-ts/language-common, loaded on first use. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then((m) => new Set(m.dictionary['passwords-common']));
  return common;
}

/** Whether a password is common (an offline list) or published, compared without case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const p = password.trim().toLowerCase();
  return PUBLISHED_PASSWORDS.includes(p) || (await commonPasswords()).has(p);
}

/** 400 on the field `path` when the chosen password is common or published (decision 0033, probe defect 8). */
export async function refuseCommonPassword(password: string, path: string): Promise<void> {
  if (await isCommonPassword(password))
    throw invalid(COMMON_PASSWORD_MESSAGE, [{ path, message: COMMON_PASSWORD_MESSAGE }], 'password_common');
}
