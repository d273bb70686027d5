// Document storage (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong):
// bail papers are stored with their record (the bytes in its row on PostgreSQL, in a file beside the
// embedded database: paper-store.ts), the type decided from the bytes (never the name or the
// browser's claim), 10 MiB at most, served only to permitted users with Content-Disposition and
// nosniff. Shared by the family, lawyer and jail-authority features.
import type { Role } from '#shared/constants.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import { eq, sql } from 'drizzle-orm';
import { LIMITS } from '#shared/constants.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import type { User } from '#shared/accounts.ts';
import type { Db } from '../db/client.ts';
import { auditEvents, documents, users } from '../db/schema.ts';
import { preparedSql } from '../db/prepared.ts';
import { AppError, invalid, tooLarge, unsupportedType } from './errors.ts';
import { readableDocument } from '../policies/document.policy.ts';
import { noteUploadProgress, startReadingUpload, uploadBodyReceived, uploadLimitsPlugin } from './upload-limits.ts';
import type { PaperStore, PlacedPaper } from './paper-store.ts';
import { defaultSpoolRoot, openUploadSpool, type UploadSpool } from './upload-spool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's folder for uploads as they arrive (upload-spool.ts). */
    uploadSpool: UploadSpool;
  }
}

export const ALLOWED_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

export const UNSUPPORTED_MESSAGE = 'Unsupported file type. Please upload an image or a PDF.';

/**
 * Registers multipart parsing (one file, 10 MiB) for the whole app, and opens its spool folder
 * (removing what killed processes left there); the folder goes when the app closes.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5, parts: 6 } });
  await app.register(uploadLimitsPlugin);
  const spool = await openUploadSpool(app.deps.env.UPLOAD_SPOOL_DIR ?? defaultSpoolRoot());
  if (spool.removedAtStart.length > 0)
    app.log.info({ removed: spool.removedAtStart.length }, 'removed uploads spooled by stopped processes');
  lastSpoolDir = spool.dir;
  app.decorate('uploadSpool', spool);
  app.addHook('onClose', async () => spool.close());
  // The spooled copy of an upload goes when its answer is sent or its client goes away.
  const removeSpool = async (req: FastifyRequest) => {
    const spool = (req as WithSpool)[SPOOL];
    if (spool) await fs.promises.rm(spool, { force: true }).catch(() => {});
  };
  app.addHook('onResponse', removeSpool);
  app.addHook('onRequestAbort', removeSpool);
});

export interface ReceivedFile {
  filename: string;
  contentType: (typeof ALLOWED_DOCUMENT_TYPES)[number];
  size: number;
  sha256: string;
  /** Where the bytes were spooled as they arrived; read back only when the file is stored. */
  path: string;
}

const SPOOL = Symbol('uploadSpool');
type WithSpool = FastifyRequest & { [SPOOL]?: string };

/** The bytes file-type needs to recognise every allowed type (it reads at most this many). */
const SNIFF_BYTES = 4100;

let lastSpoolDir: string | undefined;
/** The spool folder of the app this process started last (tests look inside). */
export const uploadSpoolDir = () => lastSpoolDir;

/**
 * Reads the one uploaded file of a multipart request and decides its type from its first bytes.
 * The file is not held in memory: it is written to a temporary file as it arrives, counted and
 * hashed on the way (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
 */
export async function receiveDocument(req: FastifyRequest): Promise<ReceivedFile> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
  if (!/;\s*boundary=/i.test(String(req.headers['content-type']))) throw malformedUpload();
  // Aborted (with its 408) by upload-limits.ts when the body arrives too slowly, in any phase.
  const signal = startReadingUpload(req);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await (signal ? raceAbort(req.file(), signal) : req.file());
  } catch (err) {
    throw asUploadError(err);
  }
  if (!part) throw invalid('Choose a file to upload.', [{ path: 'file', message: 'Choose a file to upload.' }], 'no_file');
  const spool = req.server.uploadSpool.newPath();
  (req as WithSpool)[SPOOL] = spool;
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  try {
    await pipeline(
      part.file,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          noteUploadProgress(req, chunk.length);
          hash.update(chunk);
          if (headLength < SNIFF_BYTES) {
            const take = chunk.subarray(0, SNIFF_BYTES - headLength);
            head.push(Buffer.from(take));
            headLength += take.length;
          }
          done(null, chunk);
        },
      }),
      fs.createWriteStream(spool, { flags: 'wx', mode: 0o600 }),
      signal ? { signal } : {},
    );
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge('The file is larger than 10 MiB. Please upload a smaller file.');
    throw asUploadError(err);
  }
  uploadBodyReceived(req);
  if (part.file.truncated) throw tooLarge('The file is larger than 10 MiB. Please upload a smaller file.');
  if (size === 0) throw invalid('The file is empty.', [{ path: 'file', message: 'The file is empty.' }], 'empty_file');
  const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
  const type = sniffed?.mime as ReceivedFile['contentType'] | undefined;
  if (!type || !ALLOWED_DOCUMENT_TYPES.includes(type)) throw unsupportedType(UNSUPPORTED_MESSAGE);
  return { filename: safeFilename(part.filename, type), contentType: type, size, sha256: hash.digest('hex'), path: spool };
}

/** `promise`, or the signal's reason once it is aborted. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  let onAbort = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

const malformedUpload = () =>
  invalid('The upload could not be read. Please choose the file again.', [{ path: 'file', message: 'The upload is malformed.' }]);

/** A broken multipart body (no boundary, cut short, bad part headers) is the client's fault: 400. */
function asUploadError(err: unknown): unknown {
  const e = err as { code?: unknown; statusCode?: unknown };
  if (err instanceof AppError || (typeof e.code === 'string' && e.code.startsWith('FST_'))) return err;
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return err;
  // Busboy raises plain errors for a malformed body; anything else (a database error) stays as it is.
  if (err instanceof Error && /multipart|boundary|unexpected end of form|malformed|part header/i.test(err.message))
    return malformedUpload();
  return err;
}

/**
 * Keeps letters with their combining marks (Devanagari vowel signs and viramas are \p{M}: without
 * them "जमानत" would become "जमनत"), digits, space, dot, dash and underscore; NFC-normalised.
 */
export function safeFilename(name: string | undefined, type: string): string {
  const base = (name ?? '')
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{M}\p{N} ._-]+/gu, '')
    .replace(/^[\p{M}]+/u, '')
    .trim();
  // Cut at 100 code points without splitting a surrogate pair.
  const cut = Array.from(base).slice(0, 100).join('').trim();
  return `${cut || 'bail-paper'}.${EXTENSION[type] ?? 'bin'}`;
}

/**
 * Storing transactions under way in this process. They queue on the deployment's quota row anyway,
 * so more at once would only hold more database connections (10 per instance) waiting for its lock,
 * which the other requests need: with UPLOAD_CONCURRENT_PER_PROCESS=16 the rest wait here, holding none.
 */
const STORING_AT_ONCE = 2;
let storingNow = 0;
const storingQueue: (() => void)[] = [];
async function storing<T>(fn: () => Promise<T>): Promise<T> {
  if (storingNow >= STORING_AT_ONCE) await new Promise<void>((resolve) => storingQueue.push(resolve));
  else storingNow++;
  try {
    return await fn();
  } finally {
    // The slot passes straight to the next in line (storingNow unchanged), or is given back.
    const next = storingQueue.shift();
    if (next) next();
    else storingNow--;
  }
}

/**
 * Puts a received file where it will live (papers.place), then runs `record`, the transaction
 * that stores its row: if that fails, the placed bytes go again. A paper's file is durable before
 * its row commits (docs/decisions/0019-papers-beside-the-embedded-database-files.md).
 */
export async function withPlacedPaper<T>(papers: PaperStore, file: ReceivedFile, record: (paper: PlacedPaper) => Promise<T>): Promise<T> {
  const paper = await papers.place(file);
  try {
    return await storing(() => record(paper));
  } catch (err) {
    // The transaction's error is the one to report; a file that could not go is left to the sweep.
    await paper.discard().catch(() => {});
    throw err;
  }
}

/**
 * Stores a received file's row for a family member; pass the transaction of the change it belongs
 * to and the paper placed by withPlacedPaper. On PostgreSQL the bytes are read back from the spool
 * only here, after the transaction has reserved the upload quota (which locks the deployment's
 * usage row): uploads waiting for that lock hold none of their bytes in memory.
 */
export async function storeDocument(
  db: Db,
  input: { familyMemberId: string; uploadedBy: string; file: ReceivedFile; paper: PlacedPaper },
): Promise<DocumentMeta> {
  const stored = await input.paper.row();
  // The row, its audit entry and the uploader's name in one statement (docs/decisions/0068-fewer-statements-a-write.md).
  const { rows } = await insertDocument(db).execute({
    id: input.paper.id,
    familyMemberId: input.familyMemberId,
    uploadedBy: input.uploadedBy,
    filename: input.file.filename,
    contentType: input.file.contentType,
    size: input.file.size,
    sha256: input.file.sha256,
    storage: stored.storage,
    bytes: stored.bytes,
  });
  const row = rows[0];
  if (!row) throw new Error('document insert returned nothing');
  return {
    id: row.id,
    familyMemberId: input.familyMemberId,
    filename: row.filename,
    contentType: row.content_type,
    size: Number(row.size),
    createdAt: new Date(row.created_at).toISOString(),
    uploadedBy: row.uploader_name !== null ? { id: input.uploadedBy, name: row.uploader_name, role: row.uploader_role as Role } : null,
    url: documentUrl(row.id),
  };
}

const insertDocument = preparedSql<{
  id: string;
  filename: string;
  content_type: string;
  size: number | string;
  created_at: string | Date;
  uploader_name: string | null;
  uploader_role: string | null;
}>(
  () => sql`with d as (
      insert into ${documents} ("id", "family_member_id", "uploaded_by", "kind", "filename", "content_type", "size", "sha256", "storage", "bytes")
      values (${sql.placeholder('id')}::uuid, ${sql.placeholder('familyMemberId')}::uuid, ${sql.placeholder('uploadedBy')}::uuid, 'bail_paper',
        ${sql.placeholder('filename')}, ${sql.placeholder('contentType')}, ${sql.placeholder('size')}::bigint, ${sql.placeholder('sha256')},
        ${sql.placeholder('storage')}, ${sql.placeholder('bytes')}::bytea)
      returning "id", "filename", "content_type", "size", "created_at"),
    entry as (
      insert into ${auditEvents} ("actor_id", "action", "subject", "details")
      select ${sql.placeholder('uploadedBy')}::uuid, 'document.uploaded', ${sql.placeholder('familyMemberId')}::text,
        jsonb_build_object('documentId', d.id, 'size', d.size)
      from d)
    select d.id, d.filename, d.content_type, d.size, d.created_at, u.name as uploader_name, u.role as uploader_role
    from d left join ${users} u on u.id = ${sql.placeholder('uploadedBy')}::uuid`,
);

export const documentUrl = (id: string) => `/api/documents/${id}`;

/** Columns for listing documents without their bytes; join users as uploader. */
export const documentMetaColumns = {
  id: documents.id,
  familyMemberId: documents.familyMemberId,
  filename: documents.filename,
  contentType: documents.contentType,
  size: documents.size,
  createdAt: documents.createdAt,
  uploaderId: documents.uploadedBy,
  uploaderName: users.name,
  uploaderRole: users.role,
};

export function toDocumentMeta(row: {
  id: string;
  familyMemberId: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: Date;
  uploaderId: string | null;
  uploaderName: string | null;
  uploaderRole: Role | null;
}): DocumentMeta {
  return {
    id: row.id,
    familyMemberId: row.familyMemberId,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    uploadedBy:
      row.uploaderId && row.uploaderName && row.uploaderRole
        ? { id: row.uploaderId, name: row.uploaderName, role: row.uploaderRole }
        : null,
    url: documentUrl(row.id),
  };
}

/** Sends a stored document to a permitted user (404 to anyone else: its existence is not revealed). */
export async function sendDocument(db: Db, papers: PaperStore, user: User, id: string, reply: FastifyReply) {
  const [row] = await db
    .select({
      id: documents.id,
      familyMemberId: documents.familyMemberId,
      filename: documents.filename,
      contentType: documents.contentType,
      size: documents.size,
      sha256: documents.sha256,
      storage: documents.storage,
    })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  const doc = await readableDocument(db, user, row);
  const body = await papers.read(db, doc);
  const ascii = doc.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', doc.contentType)
    .header('content-length', String(doc.size))
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; plugin-types application/pdf; sandbox")
    .send(body);
}
