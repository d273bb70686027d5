// Document storage (DESIGN §3): bail papers are stored in the database with their record, the
// type decided from the bytes (never the name or the browser's claim), 10 MiB at most, served
// only to permitted users with Content-Disposition and nosniff. Shared by the family, lawyer
// and jail-authority features.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import { eq } from 'drizzle-orm';
import { LIMITS } from '#shared/constants.ts';
import type { DocumentMeta } from '#shared/documents.ts';
import type { User } from '#shared/accounts.ts';
import type { Db } from '../db/client.ts';
import { documents, users } from '../db/schema.ts';
import { AppError, invalid, tooLarge, unsupportedType, notFound } from './errors.ts';
import { sha256Hex } from './tokens.ts';
import { canReadMemberRecord } from './access.ts';
import { audit } from './audit.ts';

export const ALLOWED_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

export const UNSUPPORTED_MESSAGE = 'Unsupported file type. Please upload an image or a PDF.';

/** Registers multipart parsing (one file, 10 MiB) for the whole app. */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5, parts: 6 } });
});

export interface ReceivedFile {
  filename: string;
  contentType: (typeof ALLOWED_DOCUMENT_TYPES)[number];
  bytes: Buffer;
}

/** Reads the one uploaded file of a multipart request and decides its type from its bytes. */
export async function receiveDocument(req: FastifyRequest): Promise<ReceivedFile> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
  const part = await req.file();
  if (!part) throw invalid('Choose a file to upload.', [{ path: 'file', message: 'Choose a file to upload.' }], 'no_file');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge('The file is larger than 10 MiB. Please upload a smaller file.');
    throw err;
  }
  if (part.file.truncated) throw tooLarge('The file is larger than 10 MiB. Please upload a smaller file.');
  if (bytes.length === 0) throw invalid('The file is empty.', [{ path: 'file', message: 'The file is empty.' }], 'empty_file');
  const sniffed = await fileTypeFromBuffer(bytes);
  const type = sniffed?.mime as ReceivedFile['contentType'] | undefined;
  if (!type || !ALLOWED_DOCUMENT_TYPES.includes(type)) throw unsupportedType(UNSUPPORTED_MESSAGE);
  return { filename: safeFilename(part.filename, type), contentType: type, bytes };
}

function safeFilename(name: string | undefined, type: string): string {
  const base = (name ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'bail-paper'}.${EXTENSION[type] ?? 'bin'}`;
}

/** Stores a received file for a family member; pass the transaction of the change it belongs to. */
export async function storeDocument(
  db: Db,
  input: { familyMemberId: string; uploadedBy: string; file: ReceivedFile },
): Promise<DocumentMeta> {
  const [row] = await db
    .insert(documents)
    .values({
      familyMemberId: input.familyMemberId,
      uploadedBy: input.uploadedBy,
      kind: 'bail_paper',
      filename: input.file.filename,
      contentType: input.file.contentType,
      size: input.file.bytes.length,
      sha256: sha256Hex(input.file.bytes),
      bytes: input.file.bytes,
    })
    .returning({
      id: documents.id,
      filename: documents.filename,
      contentType: documents.contentType,
      size: documents.size,
      createdAt: documents.createdAt,
    });
  if (!row) throw new Error('document insert returned nothing');
  await audit(db, input.uploadedBy, 'document.uploaded', input.familyMemberId, { documentId: row.id, size: row.size });
  const [uploader] = await db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, input.uploadedBy));
  return {
    id: row.id,
    familyMemberId: input.familyMemberId,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    uploadedBy: uploader ? { id: input.uploadedBy, name: uploader.name, role: uploader.role } : null,
    url: documentUrl(row.id),
  };
}

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
  uploaderRole: 'Family-Member' | 'Lawyer' | 'Jail-Authority' | null;
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
export async function sendDocument(db: Db, user: User, id: string, reply: FastifyReply) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc || !(await canReadMemberRecord(db, user, doc.familyMemberId))) throw notFound('document');
  const ascii = doc.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', doc.contentType)
    .header('content-length', String(doc.bytes.length))
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; plugin-types application/pdf; sandbox")
    .send(doc.bytes);
}
