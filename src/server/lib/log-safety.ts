// What the error log may contain. A failed statement carries its parameters (an email, an argon2
// hash) in DrizzleQueryError.message/.params and PostgreSQL's detail ("Failing row contains …",
// "Key (email)=(…)"); none of that is written. Kept: the error's type, first message line without
// parameters, SQL text (placeholders only), SQLSTATE, constraint/table/column names and the stack.

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  cause?: SafeError;
}

const PARAMS_LINE = /\nparams:[\s\S]*$/;

function clean(text: string): string {
  return text.replace(PARAMS_LINE, '').replace(/\nparams:[^\n]*/g, '');
}

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) {
    return { type: typeof err, message: String(err).slice(0, 500), stack: '' };
  }
  const e = err as Error & Record<string, unknown>;
  const out: SafeError = { type: e.constructor?.name ?? 'Error', message: clean(String(e.message ?? '')), stack: '' };
  if (typeof e.stack === 'string') {
    // The stack starts with the message: rebuild it from the cleaned message and the frames only.
    const frames = e.stack.split('\n').filter((l) => /^\s+at /.test(l));
    out.stack = [`${out.type}: ${out.message}`, ...frames].join('\n');
  }
  for (const key of ['code', 'constraint', 'table', 'column', 'query'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key];
  }
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** Pino serializers: every `err` (and `failure`) logged goes through safeError. */
export const safeLogSerializers = { err: (e: unknown) => safeError(e), failure: (e: unknown) => safeError(e) };
