// The error-code list is closed: the type refuses a code that is not in src/shared/errors.ts, and
// the wire reader turns one it does not know into a generic code instead of passing it on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '#shared/errors.ts';
import { AppError, conflict, invalid } from '#server/lib/errors.ts';
import { api, ApiError } from '#client/lib/api-client.ts';

describe('closed error codes', () => {
  it('knows the listed codes and no others', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code), code).toBe(true);
    expect(isErrorCode('made_up')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('refuses an unlisted code at compile time (checked by tsc over tests/)', () => {
    // @ts-expect-error 'made_up' is not an ErrorCode
    const a = new AppError(400, 'made_up', 'x');
    // @ts-expect-error 'made_up' is not an ErrorCode
    const b = conflict('made_up', 'x');
    // @ts-expect-error 'made_up' is not an ErrorCode
    const c = invalid('x', [], 'made_up');
    // @ts-expect-error 'made_up' is not an ErrorCode
    const d: ErrorCode = 'made_up';
    expect([a.code, b.code, c.code, d]).toEqual(['made_up', 'made_up', 'made_up', 'made_up']);
  });
});

describe('the client reads error codes', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const failure = async () => api('GET', '/api/x', z.null()).catch((e: unknown) => e);

  it('keeps a listed code and the server message', async () => {
    answer(409, { error: { code: 'no_seats', message: 'No seats.' } });
    const err = await failure();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'no_seats', message: 'No seats.' });
  });

  it('turns an unknown code into a generic one, keeping the message', async () => {
    answer(409, { error: { code: 'made_up', message: 'Something specific.' } });
    expect(await failure()).toMatchObject({ status: 409, code: 'bad_request', message: 'Something specific.' });
    answer(503, { error: { code: 'made_up', message: 'Down.' } });
    expect(await failure()).toMatchObject({ status: 503, code: 'internal', message: 'Down.' });
  });
});
