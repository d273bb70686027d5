import { ApiError } from './api-client.ts';

/** A request whose refusal with `code` means "nothing yet" (a registration not submitted): null instead. */
export async function nullWhen<T>(code: string, request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (err) {
    if (err instanceof ApiError && err.code === code) return null;
    throw err;
  }
}
