// The one HTTP helper: same-origin JSON, the API's error shape turned into ApiError.
import type { z } from 'zod';
import { ErrorBodySchema } from '#shared/errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function toApiError(res: Response): Promise<ApiError> {
  const parsed = ErrorBodySchema.safeParse(await res.json().catch(() => null));
  if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
  return new ApiError(res.status, res.status >= 500 ? 'internal' : 'bad_request', res.statusText || 'Request failed');
}

let onUnauthenticated: (() => void) | undefined;
/** Called once by the app: a 401 anywhere sends the user to sign-in. */
export function setUnauthenticatedHandler(fn: () => void) {
  onUnauthenticated = fn;
}

export async function api<S extends z.ZodType>(method: Method, url: string, schema: S, body?: unknown): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
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
export function upload<S extends z.ZodType>(
  url: string,
  file: File,
  schema: S,
  onProgress?: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<z.infer<S>> {
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
      const parsed = ErrorBodySchema.safeParse(xhr.response);
      if (xhr.status === 401) onUnauthenticated?.();
      reject(
        parsed.success
          ? new ApiError(xhr.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details)
          : new ApiError(xhr.status, xhr.status === 413 ? 'payload_too_large' : 'internal', 'Upload failed'),
      );
    };
    xhr.send(form);
  });
}
