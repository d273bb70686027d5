// The rules a field can break, and the one mapping from a zod issue to its rule and limit. No zod
// import here: the sign-in route's form resolver uses this without loading a validator
// (docs/decisions/0010-no-zod-on-the-sign-in-route.md).
export const VALIDATION_RULES = [
  'required',
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'not_integer',
  'invalid_format',
  'invalid_choice',
  'invalid',
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];
/** One mapping from a zod issue to a rule (and its limit), shared by the server's error handler and tests. */
export function ruleOfIssue(issue: {
  code?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  expected?: string;
  format?: string;
  message?: string;
}): { rule: ValidationRule; limit?: number } {
  const n = (v: number | bigint | undefined) => (v === undefined ? undefined : Number(v));
  const text = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'too_big':
      return { rule: text ? 'too_long' : 'too_big', limit: n(issue.maximum) };
    case 'too_small':
      if (text && n(issue.minimum) === 1) return { rule: 'required' };
      return { rule: text ? 'too_short' : 'too_small', limit: n(issue.minimum) };
    case 'invalid_type':
      if (issue.expected === 'int') return { rule: 'not_integer' };
      // zod reports the input only when asked to; its message names what it received.
      if (issue.input === null || /received (undefined|null)$/.test(issue.message ?? '')) return { rule: 'required' };
      return { rule: 'invalid' };
    case 'invalid_format':
      return { rule: 'invalid_format' };
    case 'invalid_value':
    case 'invalid_union':
      return { rule: 'invalid_choice' };
    default:
      return { rule: 'invalid' };
  }
}

/** A uuid's text form, for ids read without zod: page cursors and the sign-in route's light parsers. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
