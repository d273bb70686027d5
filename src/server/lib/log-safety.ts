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

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// A run of 7+ digits, with the spaces, dashes, dots and brackets phones are written with.
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;
const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;
const TOKEN_PARAM = /((?:token|code|password|secret)=)[^&\s"']+/gi;

/**
 * Text with what would identify a person or open an account taken out: email addresses, phone
 * numbers and `token=…` values (decision 0033, probe defect 3). For error messages from elsewhere (SMTP
 * servers name the recipient) before they reach the log.
 */
export function redactPersonal(text: string): string {
  // Ids (uuids) are digit runs too, and say nothing about a person: kept.
  return text
    .replace(TOKEN_PARAM, '$1[redacted]')
    .replace(EMAIL, '[email]')
    .split(UUID)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 7 ? '[number]' : m))))
    .join('');
}

/**
 * A request's URL as the request log may show it: the path, and the names of its query parameters
 * without their values (a link's token, a search for a phone number or an email address stay out of
 * the log); anything in the path that looks like an address or a phone number is masked too.
 */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Shown as sent.
  }
  const masked = redactPersonal(decoded);
  const shown = masked === decoded ? path : masked;
  if (q < 0) return shown;
  const names = [...new URLSearchParams(url.slice(q + 1)).keys()];
  return `${shown}?${names.map((n) => `${encodeURIComponent(n)}=…`).join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number } | null;
}

/** Pino's request serializer, with the URL made safe (safeUrl). */
export function safeRequest(req: LoggedRequest) {
  return { method: req.method, url: safeUrl(req.url ?? ''), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) {
    return { type: typeof err, message: redactPersonal(String(err).slice(0, 500)), stack: '' };
  }
  const e = err as Error & Record<string, unknown>;
  const out: SafeError = { type: e.constructor?.name ?? 'Error', message: redactPersonal(clean(String(e.message ?? ''))), stack: '' };
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

/** Pino serializers: every `err` (and `failure`) logged goes through safeError, every request's URL through safeUrl. */
export const safeLogSerializers = {
  err: (e: unknown) => safeError(e),
  failure: (e: unknown) => safeError(e),
  req: (r: LoggedRequest) => safeRequest(r),
};
