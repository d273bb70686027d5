// The e-mail rule of docs/spec.md#5-validation-rules without zod, so the sign-in screen can use it without loading a validator
// (docs/decisions/0010-no-zod-on-the-sign-in-route.md).

/** docs/spec.md#5-validation-rules: a lowercase letter first, then an address at one of the allowed domains (gmail.com by default). */
export function emailPattern(domains: readonly string[]): RegExp {
  const alt = domains.map((d) => d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(`^[a-z][a-z0-9._%+-]*@(?:${alt})$`);
}

export function emailRuleMessage(domains: readonly string[]): string {
  return `Please use a valid ${domains.map((d) => `@${d}`).join(' or ')} email address.`;
}

/**
 * The address as its mailbox reads it: lower case, and for Gmail without dots or a +suffix in the
 * name (a.b+x@gmail.com and ab@gmail.com reach one inbox). One account per inbox; the database keeps
 * the same rule (drizzle/0018_security_holes.sql rihaai_canonical_email).
 */
export function canonicalEmail(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  if (domain !== 'gmail.com' && domain !== 'googlemail.com') return lower;
  const name = (lower.slice(0, at).split('+', 1)[0] ?? '').replaceAll('.', '');
  return `${name}@gmail.com`;
}
