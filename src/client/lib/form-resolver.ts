// The one way a form checks what was typed: the request schema from src/shared decides, and each
// broken rule becomes text in the person's language. A field may name its own text per rule (the
// screen's wording, e.g. "Please enter your phone number."); every other rule gets its rule's text
// with the schema's limit (validation-text.ts), never a validator's English. The server's field
// details go through the same texts, so a field reads the same whichever side refused it.
// No zod import here: the sign-in route uses it too (docs/decisions/0010-no-zod-on-the-sign-in-route.md).
import type { TFunction } from 'i18next';
import { ruleOfIssue, type ValidationRule } from '#shared/validation-rules.ts';
import { ApiError } from './api-client.ts';
import { validationText } from './validation-text.ts';

/** What the resolver reads of a zod issue (a zod schema's `safeParse` gives these). */
export interface SchemaIssue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  format?: string;
}

/** A zod schema, or on the sign-in route a hand-written check with the same answer. */
export interface CheckingSchema {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** A broken rule, as a field text sees it. */
export interface BrokenRule {
  rule: ValidationRule;
  limit?: number;
  /** The value typed into the field. */
  value: unknown;
}

/** A key in the form's namespace (given `limit`, `min` and `max`), or a function for anything richer. */
export type FieldText = string | ((broken: BrokenRule) => string);
/**
 * Per field: one text for every rule, or a text per rule; `otherwise` covers the rules not named,
 * and without it they get their rule's text.
 */
export type FieldTexts = Record<string, FieldText | Partial<Record<ValidationRule | 'otherwise', FieldText>>>;

export type FormErrors = Record<string, string>;

function isRuleMap(text: FieldTexts[string]): text is Partial<Record<ValidationRule | 'otherwise', FieldText>> {
  return typeof text === 'object';
}

function valueAt(values: unknown, path: string): unknown {
  let at: unknown = values;
  for (const key of path.split('.')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

function empty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** One field's text: the field's own for this rule, else the rule's text with the schema's limit. */
function fieldText(t: TFunction, texts: FieldTexts, path: string, broken: BrokenRule, message: string): string {
  const own = texts[path];
  const text = own === undefined ? undefined : isRuleMap(own) ? (own[broken.rule] ?? own.otherwise) : own;
  if (typeof text === 'function') return text(broken);
  if (text !== undefined) return t(text, { limit: broken.limit, min: broken.limit, max: broken.limit });
  return validationText({ path, message, rule: broken.rule, limit: broken.limit }, t);
}

/**
 * Errors by field path for @mantine/form's `validate` (or any form state): the first broken rule of
 * each field. `input` turns the form's values into what the schema checks (the request body).
 */
export function schemaResolver<V>(
  schema: CheckingSchema,
  t: TFunction,
  options: { texts?: FieldTexts; input?: (values: V) => unknown } = {},
): (values: V) => FormErrors {
  const { texts = {}, input } = options;
  return (values) => {
    const checked = input ? input(values) : values;
    const result = schema.safeParse(checked);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path] !== undefined) continue;
      const value = valueAt(checked, path);
      const found = ruleOfIssue(issue);
      // A field left empty misses its value, whatever else the schema asks of it.
      const rule = empty(value) ? 'required' : found.rule;
      errors[path] = fieldText(t, texts, path, { rule, limit: found.limit, value }, issue.message);
    }
    return errors;
  };
}

/** The server's field details (a 400 `validation`) as form errors, through the same field texts. */
export function serverFieldErrors(err: unknown, t: TFunction, texts: FieldTexts = {}, values?: unknown): FormErrors {
  if (!(err instanceof ApiError) || err.code !== 'validation') return {};
  const errors: FormErrors = {};
  for (const d of err.details) {
    const broken: BrokenRule = { rule: d.rule ?? 'invalid', limit: d.limit, value: valueAt(values, d.path) };
    errors[d.path] ??= d.rule ? fieldText(t, texts, d.path, broken, d.message) : validationText(d, t);
  }
  return errors;
}
