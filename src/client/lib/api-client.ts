// The one HTTP helper: same-origin JSON, the API's error shape turned into ApiError.
import type { ClientErrorCode, ValidationDetail } from '#shared/errors.ts';
import { isErrorCode } from '#shared/error-codes.ts';
import { PAGE_ANSWERS_SCRIPT_ID } from '#shared/first-screens.ts';

/** The error body as read off the wire: a code this client does not know is still a readable error. */
interface WireErrorBody {
  error: { code: string; message: string; details?: ValidationDetail[]; current?: unknown };
}

/**
 * What checks a response: a zod schema from src/shared, or on the sign-in route a light check from
 * light-parsers.ts, so that route loads no validator (docs/decisions/0010-no-zod-on-the-sign-in-route.md).
 */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** The API's error shape ({ error: { code, message, details? } }), checked by hand: no zod here. */
function readErrorBody(data: unknown): WireErrorBody | undefined {
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const e = data.error;
  if (typeof e !== 'object' || e === null) return undefined;
  const { code, message, details } = e as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const okDetails =
    details === undefined ||
    (Array.isArray(details) &&
      details.every(
        (d) =>
          typeof d === 'object' &&
          d !== null &&
          typeof (d as Record<string, unknown>).path === 'string' &&
          typeof (d as Record<string, unknown>).message === 'string',
      ));
  if (!okDetails) return undefined;
  // A stale edit's record as saved now: checked by the feature that reads it (its own schema).
  const current = (e as Record<string, unknown>).current;
  return { error: { code, message, details: details as WireErrorBody['error']['details'], current } };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly details: ValidationDetail[] = [],
    /** A stale edit (409 stale_edit, ngo_changed): the record as saved now, unchecked; parse it with the feature's schema. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error a parsed error body stands for; a code this client does not know counts as a generic one. */
function fromBody(
  status: number,
  error: { code: string; message: string; details?: { path: string; message: string }[]; current?: unknown },
) {
  const code = isErrorCode(error.code) ? error.code : status >= 500 ? 'internal' : 'bad_request';
  return new ApiError(status, code, error.message, error.details, error.current);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function toApiError(res: Response): Promise<ApiError> {
  const body = readErrorBody(await res.json().catch(() => null));
  if (body) return fromBody(res.status, body.error);
  return new ApiError(res.status, res.status >= 500 ? 'internal' : 'bad_request', res.statusText || 'Request failed');
}

let onUnauthenticated: (() => void) | undefined;
/** Called once by the app: a 401 anywhere sends the user to sign-in. */
export function setUnauthenticatedHandler(fn: () => void) {
  onUnauthenticated = fn;
}

/**
 * The answers to the first screen's reads that the server put in the page (src/server/lib/first-screen.ts),
 * keyed by URL. Each is used once, by the first GET of its URL; later ones go to the network.
 */
export function readPageAnswers(doc: Pick<Document, 'getElementById'> | undefined): Map<string, { status: number; body: unknown }> {
  const answers = new Map<string, { status: number; body: unknown }>();
  const text = doc?.getElementById(PAGE_ANSWERS_SCRIPT_ID)?.textContent;
  if (!text) return answers;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return answers;
    for (const [url, answer] of Object.entries(data)) {
      const { status, body } = (answer ?? {}) as { status?: unknown; body?: unknown };
      if (typeof status === 'number' && status >= 200 && status < 500 && status !== 204) answers.set(url, { status, body });
    }
  } catch {
    // An unreadable block: every read goes to the network as usual.
  }
  return answers;
}

const pageAnswers = readPageAnswers(typeof document === 'undefined' ? undefined : document);

/** The page's answer to GET `url`, as a response, once. */
function takePageAnswer(url: string): Response | undefined {
  const answer = pageAnswers.get(url);
  if (!answer) return undefined;
  pageAnswers.delete(url);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
}

export async function api<T>(method: Method, url: string, schema: Parser<T>, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res =
      (method === 'GET' ? takePageAnswer(url) : undefined) ??
      (await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) }));
  } catch {
    throw new ApiError(0, 'network', 'Network error');
  }
  if (!res.ok) {
    const err = await toApiError(res);
    if (err.status === 401 && !url.startsWith('/api/auth/')) onUnauthenticated?.();
    throw err;
  }
  if (res.status === 204) return schema.parse(null);
  return schema.parse(await res.json());
}

/**
 * Multipart upload with progress (fetch has no upload progress; XMLHttpRequest does).
 * `onProgress` gets 0..1.
 */
export function upload<T>(
  url: string,
  file: File,
  schema: Parser<T>,
  onProgress?: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve(schema.parse(xhr.response));
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
        return;
      }
      const parsed = readErrorBody(xhr.response);
      if (xhr.status === 401) onUnauthenticated?.();
      reject(
        parsed
          ? fromBody(xhr.status, parsed.error)
          : new ApiError(xhr.status, xhr.status === 413 ? 'payload_too_large' : 'internal', 'Upload failed'),
      );
    };
    xhr.send(form);
  });
}
