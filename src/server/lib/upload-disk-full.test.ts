// A full disk (ENOSPC), a full disk quota (EDQUOT) or PostgreSQL's disk_full while an upload is
// spooled or its paper stored is the documented 507 storage_full, in our error shape, never a 500
// or a stack; nothing of the upload stays.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { documents } from '#server/db/schema.ts';
import type { PaperStore } from '#server/lib/paper-store.ts';
import { UPLOAD_ERRORS, uploadedBytes } from '#server/lib/upload-limits.ts';
import { createTestDb, usePostgres, type TestDb } from '#tests/test-db.ts';
import { recordingMailer } from '#tests/test-app.ts';
import { createFamilyMember, sessionCookie } from '#tests/factories.ts';
import { minimalPdf, multipartBody } from '#tests/fixtures/files.ts';

const errnoError = (code: string) =>
  Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: 'write' });

/** What the paper store does next: store normally, or fail the way a full disk does. */
let failure: 'none' | 'place' | 'row' = 'none';

let t: TestDb;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestDb();
  const real = t.papers;
  const papers: PaperStore = {
    ...real,
    async place(file) {
      if (failure === 'place') throw errnoError('ENOSPC');
      const placed = await real.place(file);
      if (failure !== 'row') return placed;
      return {
        ...placed,
        // As drizzle reports PostgreSQL's "could not extend file" (SQLSTATE 53100): the cause carries the code.
        row: () =>
          Promise.reject(
            new Error('Failed query: insert into documents', {
              cause: Object.assign(new Error('could not extend file'), { code: '53100' }),
            }),
          ),
      };
    },
  };
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: './dist/client' });
  app = await buildApp({ db: t.db, env, mailer: recordingMailer(), papers, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});
afterEach(() => {
  failure = 'none';
  vi.restoreAllMocks();
});

async function upload() {
  const fm = await createFamilyMember(t.db);
  const cookie = await sessionCookie(t.db, fm.user.id);
  const body = multipartBody('bail.pdf', 'application/pdf', Buffer.concat([minimalPdf(), Buffer.alloc(20_000, 0x20)]));
  const res = await app.inject({
    method: 'POST',
    url: '/api/family/documents',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': body.contentType, cookie },
    payload: body.payload,
  });
  return { res, id: fm.user.id };
}

async function expectStorageFull({ res, id }: Awaited<ReturnType<typeof upload>>) {
  expect(res.statusCode, res.body).toBe(507);
  expect(res.json()).toEqual({ error: { code: 'storage_full', message: UPLOAD_ERRORS.full } });
  expect(res.body).not.toMatch(/ENOSPC|EDQUOT|53100|\n\s+at /);
  expect(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.familyMemberId, id))).toEqual([]);
  expect(await uploadedBytes(t.db, id)).toBe(0);
  // The spooled copy goes once the answer is sent.
  await vi.waitFor(() => expect(fs.readdirSync(app.uploadSpool.dir)).toEqual([]), { timeout: 30_000 });
  if (t.papersDir) {
    expect(fs.readdirSync(t.papersDir).filter((f) => !f.startsWith('.'))).toEqual([]);
    expect(fs.readdirSync(`${t.papersDir}/.incoming`)).toEqual([]);
  }
}

describe('a full disk while uploading', () => {
  it('the spooled copy cannot be written (EDQUOT): 507 storage_full', async () => {
    const real = fs.createWriteStream.bind(fs);
    vi.spyOn(fs, 'createWriteStream').mockImplementation(((...args: Parameters<typeof fs.createWriteStream>) => {
      // The file is created (as the system does) and the first write fails.
      real(...args).destroy();
      return new Writable({ write: (_chunk, _enc, done) => done(errnoError('EDQUOT')) });
    }) as typeof fs.createWriteStream);
    await expectStorageFull(await upload());
  });

  it('the paper cannot be placed beside the embedded database (ENOSPC): 507 storage_full', async () => {
    failure = 'place';
    await expectStorageFull(await upload());
  });

  it.skipIf(usePostgres())(
    'the copy beside the embedded database is cut short (ENOSPC): 507 storage_full, and the partial copy goes',
    async () => {
      vi.spyOn(fs.promises, 'copyFile').mockImplementation(async (from, to) => {
        const bytes = await fs.promises.readFile(from);
        await fs.promises.writeFile(to, bytes.subarray(0, bytes.length >> 1));
        throw errnoError('ENOSPC');
      });
      await expectStorageFull(await upload());
    },
  );

  it('the database cannot store the row (disk_full): 507 storage_full, and the placed paper goes again', async () => {
    failure = 'row';
    await expectStorageFull(await upload());
  });

  it('with room again, the same upload is stored', async () => {
    const { res } = await upload();
    expect(res.statusCode, res.body).toBe(201);
  });
});
