// Text the database cannot store or that is not well-formed Unicode: NUL (PostgreSQL text refuses
// it) and lone UTF-16 surrogates (no UTF-8 encoding). Every string in a request is checked with
// this one helper (server: a hook over body, query and params; client: the same zod refinement).
import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed.';

/** True when `s` holds a NUL or a lone surrogate. */
export function isUnsafeText(s: string): boolean {
  return UNSAFE.test(s);
}

/** A zod string that refuses NUL and lone surrogates. */
export const safeString = () => z.string().refine((s) => !isUnsafeText(s), UNSAFE_TEXT_MESSAGE);

/** Deepest nesting accepted in a request body; no operation needs more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { path: string; problem: 'unsafe_text' | 'too_deep' };

/**
 * Walks a parsed request (body, query or params) without recursion and returns the first string
 * (value or key) that is unsafe, or the first place nested deeper than MAX_INPUT_DEPTH.
 */
export function findUnsafeInput(value: unknown, root = ''): InputProblem | undefined {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: root, depth: 0 }];
  const join = (p: string, k: string | number) => (p ? `${p}.${k}` : String(k));
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnsafeText(v)) return { path, problem: 'unsafe_text' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path, problem: 'too_deep' };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: join(path, i), depth: depth + 1 }));
      continue;
    }
    if (ArrayBuffer.isView(v)) continue;
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      if (isUnsafeText(k)) return { path: join(path, '(key)'), problem: 'unsafe_text' };
      stack.push({ v: item, path: join(path, k), depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): typed into
 * a name, an override reverses the text printed or emailed after it ("62 :etaD"). Removed from every
 * string a request carries, and from every printed or emailed text (decision 0033, probe defect 7). The marks
 * U+200E/U+200F, which Urdu text may need, are kept: they reorder nothing beyond themselves.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

const HAS_BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export function stripBidiControls(s: string): string {
  return s.replace(BIDI_CONTROLS, '');
}

/** The same value with every string in it (values, not keys) stripped of bidi controls, in place. */
export function stripBidiControlsDeep<T>(value: T): T {
  if (typeof value === 'string') return stripBidiControls(value) as T;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    const record = v as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item === 'string') {
        if (HAS_BIDI_CONTROL.test(item)) record[key] = stripBidiControls(item);
      } else if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return value;
}
