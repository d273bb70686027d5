// Where stored papers live (docs/decisions/0019-papers-beside-the-embedded-database-files.md): on the
// embedded database, files beside it (never bytes in its rows), durable before their row commits,
// removed when the row is not, swept when no row points to them; on PostgreSQL, their rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents, users } from '#server/db/schema.ts';
import { storeDocument, withPlacedPaper, type ReceivedFile } from '#server/lib/documents.ts';
import { SWEEP_SAFE_AGE_MS } from '#server/lib/paper-store.ts';
import { uploadedBytes } from '#server/lib/upload-limits.ts';
import { createTestApp, type TestApp } from '#tests/test-app.ts';
import { createDocument, createFamilyMember, sessionCookie } from '#tests/factories.ts';
import { minimalPdf, multipartBody } from '#tests/fixtures/files.ts';
import { usePostgres } from '#tests/test-db.ts';

const KIB = 1024;
const pdfOf = (kib: number, text = 'Bail paper') => Buffer.concat([minimalPdf(text), Buffer.alloc(kib * KIB, 0x20)]);
const onFiles = !usePostgres();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_QUOTA_PER_USER_MB: '2' });
});
afterAll(() => t.close());

async function member() {
  const fm = await createFamilyMember(t.db);
  return { id: fm.user.id, cookie: await sessionCookie(t.db, fm.user.id) };
}

function upload(cookie: string, bytes: Buffer, filename = 'bail.pdf') {
  const body = multipartBody(filename, 'application/pdf', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/family/documents',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': body.contentType, cookie },
    payload: body.payload,
  });
}

/** The papers' files (not the temporary copies being placed). */
const storedFiles = () => (t.papersDir ? fs.readdirSync(t.papersDir).filter((f) => !f.startsWith('.')) : []);
const placingFiles = () => (t.papersDir ? fs.readdirSync(path.join(t.papersDir, '.incoming')) : []);
const ageFile = (p: string, ms: number) => fs.utimesSync(p, new Date(Date.now() - ms), new Date(Date.now() - ms));

describe('storing a paper', () => {
  it('keeps the bytes in a file beside the embedded database (not in the row), or in the row on PostgreSQL, and serves them back identical', async () => {
    const me = await member();
    const bytes = pdfOf(300, 'Zamanat');
    const res = await upload(me.cookie, bytes, 'जमानत आदेश.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const meta = res.json<{ id: string; url: string; filename: string; size: number }>();
    expect(meta).toMatchObject({ filename: 'जमानत आदेश.pdf', size: bytes.length });

    const [row] = await t.db
      .select({ storage: documents.storage, bytes: documents.bytes })
      .from(documents)
      .where(eq(documents.id, meta.id));
    if (onFiles) {
      expect(row).toEqual({ storage: 'file', bytes: null });
      expect(fs.readFileSync(path.join(t.papersDir!, meta.id)).equals(bytes)).toBe(true);
      expect(placingFiles()).toEqual([]);
    } else {
      expect(row?.storage).toBe('database');
      expect(row?.bytes?.equals(bytes)).toBe(true);
    }

    const got = await t.app.inject({ method: 'GET', url: meta.url, headers: { cookie: me.cookie } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-length']).toBe(String(bytes.length));
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('जमानत आदेश.pdf')}`);
  });

  it('serves a paper only to those who may read it: another family member gets 404', async () => {
    const me = await member();
    const other = await member();
    const res = await upload(me.cookie, pdfOf(10));
    const url = res.json<{ url: string }>().url;
    const got = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
    expect(got.statusCode).toBe(404);
    expect(got.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('still counts stored bytes against the uploader’s quota (from the rows) and refuses past it, leaving no file', async () => {
    const me = await member();
    const first = pdfOf(1500);
    expect((await upload(me.cookie, first)).statusCode).toBe(201);
    expect(await uploadedBytes(t.db, me.id)).toBe(first.length);
    const before = storedFiles();
    const refused = await upload(me.cookie, pdfOf(700));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: { code: 'upload_quota_exceeded' } });
    expect(await uploadedBytes(t.db, me.id)).toBe(first.length);
    expect(storedFiles()).toEqual(before);
    expect(placingFiles()).toEqual([]);
  });

  it('a row that fails to insert leaves no file, and neither does a transaction rolled back after it', async () => {
    const me = await member();
    const spool = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-spool-')), 'upload');
    const bytes = pdfOf(20);
    fs.writeFileSync(spool, bytes);
    const file: ReceivedFile = { filename: 'x.pdf', contentType: 'application/pdf', size: bytes.length, sha256: 'ab', path: spool };
    const before = storedFiles();
    const count = async () => (await t.db.select({ id: documents.id }).from(documents).where(eq(documents.uploadedBy, me.id))).length;

    // A family member that does not exist: the insert breaks its foreign key.
    await expect(
      withPlacedPaper(t.papers, file, (paper) =>
        t.db.transaction((tx) =>
          storeDocument(tx, { familyMemberId: '00000000-0000-4000-8000-000000000000', uploadedBy: me.id, file, paper }),
        ),
      ),
    ).rejects.toThrow();
    expect(storedFiles()).toEqual(before);

    // The row inserted, then the transaction fails later.
    await expect(
      withPlacedPaper(t.papers, file, (paper) =>
        t.db.transaction(async (tx) => {
          await storeDocument(tx, { familyMemberId: me.id, uploadedBy: me.id, file, paper });
          throw new Error('something after the row failed');
        }),
      ),
    ).rejects.toThrow('something after the row failed');
    expect(storedFiles()).toEqual(before);
    expect(placingFiles()).toEqual([]);
    expect(await count()).toBe(0);
    fs.rmSync(path.dirname(spool), { recursive: true, force: true });
  });

  it('refuses to serve a paper whose file no longer matches its row (500 internal, never the wrong bytes)', async () => {
    const me = await member();
    const bytes = pdfOf(50);
    const meta = (await upload(me.cookie, bytes)).json<{ id: string; url: string }>();
    if (onFiles) {
      const file = path.join(t.papersDir!, meta.id);
      const damaged = Buffer.from(bytes);
      damaged[damaged.length - 1] = 0x21;
      fs.writeFileSync(file, damaged);
      const changed = await t.app.inject({ method: 'GET', url: meta.url, headers: { cookie: me.cookie } });
      expect(changed.statusCode).toBe(500);
      expect(changed.json()).toMatchObject({ error: { code: 'internal' } });
      fs.writeFileSync(file, bytes.subarray(0, 100));
      expect((await t.app.inject({ method: 'GET', url: meta.url, headers: { cookie: me.cookie } })).statusCode).toBe(500);
      fs.rmSync(file);
      expect((await t.app.inject({ method: 'GET', url: meta.url, headers: { cookie: me.cookie } })).statusCode).toBe(500);
    } else {
      await t.db
        .update(documents)
        .set({ bytes: Buffer.from(bytes).fill(0x21, bytes.length - 1) })
        .where(eq(documents.id, meta.id));
      const changed = await t.app.inject({ method: 'GET', url: meta.url, headers: { cookie: me.cookie } });
      expect(changed.statusCode).toBe(500);
      expect(changed.json()).toMatchObject({ error: { code: 'internal' } });
    }
  });

  it('serves papers stored in their rows before (an embedded database from an earlier version)', async () => {
    const me = await member();
    const bytes = pdfOf(5, 'Old paper');
    const doc = await createDocument(t.db, { familyMemberId: me.id, bytes });
    const got = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: { cookie: me.cookie } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });
});

describe.skipIf(!onFiles)('the sweep of files no row points to', () => {
  it('removes old orphans and old half-placed copies, keeps files with rows and fresh files of uploads in flight', async () => {
    const me = await member();
    const meta = (await upload(me.cookie, pdfOf(10))).json<{ id: string }>();
    const kept = path.join(t.papersDir!, meta.id);
    ageFile(kept, 2 * SWEEP_SAFE_AGE_MS);
    const orphan = path.join(t.papersDir!, '11111111-1111-4111-8111-111111111111');
    const inFlight = path.join(t.papersDir!, '22222222-2222-4222-8222-222222222222');
    const halfPlaced = path.join(t.papersDir!, '.incoming', '33333333-3333-4333-8333-333333333333');
    const freshHalf = path.join(t.papersDir!, '.incoming', '44444444-4444-4444-8444-444444444444');
    for (const f of [orphan, inFlight, halfPlaced, freshHalf]) fs.writeFileSync(f, 'x');
    ageFile(orphan, 2 * SWEEP_SAFE_AGE_MS);
    ageFile(halfPlaced, 2 * SWEEP_SAFE_AGE_MS);

    const removed = await t.papers.sweep(t.db, SWEEP_SAFE_AGE_MS);
    expect(removed.sort()).toEqual([path.join('.incoming', path.basename(halfPlaced)), path.basename(orphan)].sort());
    expect([kept, inFlight, freshHalf].map((f) => fs.existsSync(f))).toEqual([true, true, true]);
    expect([orphan, halfPlaced].map((f) => fs.existsSync(f))).toEqual([false, false]);
    fs.rmSync(inFlight);
    fs.rmSync(freshHalf);
  });

  it('removes the files of a deleted member once their rows are gone', async () => {
    const me = await member();
    const ids = [];
    for (const kib of [10, 20]) ids.push((await upload(me.cookie, pdfOf(kib))).json<{ id: string }>().id);
    for (const id of ids) ageFile(path.join(t.papersDir!, id), 2 * SWEEP_SAFE_AGE_MS);
    expect(await t.papers.sweep(t.db, SWEEP_SAFE_AGE_MS)).toEqual([]);

    await t.db.delete(users).where(eq(users.id, me.id));
    expect((await t.papers.sweep(t.db, SWEEP_SAFE_AGE_MS)).sort()).toEqual([...ids].sort());
    expect(ids.map((id) => fs.existsSync(path.join(t.papersDir!, id)))).toEqual([false, false]);
  });
});
