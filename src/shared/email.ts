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
