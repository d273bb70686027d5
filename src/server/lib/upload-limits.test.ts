// Upload quotas and concurrency: per-account and per-deployment quotas, and a cap
// on uploads read at once per account and per process, all refused in our error shape.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '#server/db/schema.ts';
import { uploadedBytes, uploadsInFlight } from '#server/lib/upload-limits.ts';
import { createTestApp, type TestApp } from '#tests/test-app.ts';
import { createFamilyMember, sessionCookie } from '#tests/factories.ts';
import { minimalPdf, multipartBody } from '#tests/fixtures/files.ts';

const KIB = 1024;
/** A PDF of about `kib` KiB (padding after %%EOF keeps it a PDF). */
const pdfOf = (kib: number) => Buffer.concat([minimalPdf(), Buffer.alloc(kib * KIB, 0x20)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    UPLOAD_QUOTA_PER_USER_MB: '1',
    UPLOAD_QUOTA_TOTAL_MB: '3',
    UPLOAD_CONCURRENT_PER_USER: '1',
    UPLOAD_CONCURRENT_PER_PROCESS: '2',
  });
});
afterAll(() => t.close());

async function member() {
  const fm = await createFamilyMember(t.db);
  return { id: fm.user.id, cookie: await sessionCookie(t.db, fm.user.id) };
}

function upload(cookie: string, bytes: Buffer, stream?: { payload: PassThrough; contentType: string }) {
  const body = stream ?? multipartBody('bail.pdf', 'application/pdf', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/family/documents',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': body.contentType, cookie },
    payload: body.payload,
  });
}

/** An upload whose body arrives only when `finish` is called: it holds its slot until then. */
function slowUpload(cookie: string) {
  const body = multipartBody('slow.pdf', 'application/pdf', pdfOf(8));
  const stream = new PassThrough();
  const raw = body.payload;
  stream.write(raw.subarray(0, 200));
  const response = upload(cookie, raw, { payload: stream, contentType: body.contentType });
  return {
    response,
    finish: () => stream.end(raw.subarray(200)),
  };
}

const docsOf = (id: string) => t.db.select({ id: documents.id }).from(documents).where(eq(documents.familyMemberId, id));

describe('upload quotas', () => {
  it('refuses an upload past the account quota with 413 upload_quota_exceeded, stores nothing, counts bytes', async () => {
    const a = await member();
    const first = await upload(a.cookie, pdfOf(600));
    expect(first.statusCode, first.body).toBe(201);
    expect(await uploadedBytes(t.db, a.id)).toBe(first.json<{ size: number }>().size);
    const second = await upload(a.cookie, pdfOf(600));
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({
      error: {
        code: 'upload_quota_exceeded',
        message: 'You have reached your upload limit. Please contact support if you need to upload more.',
      },
    });
    expect(await docsOf(a.id)).toHaveLength(1);
    expect(await uploadedBytes(t.db, a.id)).toBe(first.json<{ size: number }>().size);
    // A smaller file still fits in what is left.
    expect((await upload(a.cookie, pdfOf(100))).statusCode).toBe(201);
  });

  it('refuses uploads past the deployment quota with 507 storage_full', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await upload((await member()).cookie, pdfOf(900))).statusCode);
    // 3 MiB in all; the first test stored ~0.7 MiB: two more 900 KiB files fit, then the store is full.
    expect(statuses.slice(0, 2)).toEqual([201, 201]);
    expect(statuses.slice(2).every((s) => s === 507)).toBe(true);
    const full = await upload((await member()).cookie, pdfOf(900));
    expect(full.json().error.code).toBe('storage_full');
  });
});

describe('concurrent uploads', () => {
  it('an account may send one upload at a time, the process two; others get 429 too_many_uploads at once', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const slowA = slowUpload(a.cookie);
    await vi.waitFor(() => expect(uploadsInFlight()).toBe(1), { timeout: 10_000 });
    const again = await upload(a.cookie, pdfOf(1));
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('too_many_uploads');
    expect(again.headers['retry-after']).toBe('5');

    const slowB = slowUpload(b.cookie);
    await vi.waitFor(() => expect(uploadsInFlight()).toBe(2), { timeout: 10_000 });
    expect((await upload(c.cookie, pdfOf(1))).statusCode).toBe(429);

    slowA.finish();
    slowB.finish();
    // Both held uploads complete (their quota is the deployment's: 507 is possible once it is full).
    for (const res of [await slowA.response, await slowB.response]) expect([201, 507], res.body).toContain(res.statusCode);
    await vi.waitFor(() => expect(uploadsInFlight()).toBe(0), { timeout: 10_000 });
    expect([201, 507]).toContain((await upload(c.cookie, pdfOf(1))).statusCode);
  });
});
