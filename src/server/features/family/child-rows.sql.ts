// Child lists read inside the parent's one statement (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md):
// a correlated subquery aggregates the children as JSON, with times as ISO text (to the millisecond,
// as the drivers' Date gave them), and these functions turn them back into the rows the lists were
// built from, so the responses stay exactly what they were.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DocumentMeta } from '#shared/documents.ts';
import { toDocumentMeta } from '../../lib/documents.ts';

/** A timestamptz as the ISO text `Date#toISOString` writes. */
export const isoText = (column: SQLWrapper | SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A json column: both drivers parse it; a string (a driver set up not to) is parsed here. */
export function parsedJson<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

interface DocumentJsonRow {
  id: string;
  familyMemberId: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
  uploaderId: string | null;
  uploaderName: string | null;
  uploaderRole: 'Family-Member' | 'Lawyer' | 'Jail-Authority' | null;
}

/**
 * The member's documents (only bail papers when `bailPapersOnly`), newest first, as a JSON array
 * (`[]` when none): the columns of `documentMetaColumns`.
 */
export function documentsJson(familyMemberId: SQLWrapper | SQL, bailPapersOnly: boolean): SQL<unknown> {
  return sql`(select coalesce(json_agg(json_build_object('id', d.id, 'familyMemberId', d.family_member_id, 'filename', d.filename,
      'contentType', d.content_type, 'size', d.size, 'createdAt', ${isoText(sql`d.created_at`)}, 'uploaderId', d.uploaded_by,
      'uploaderName', u.name, 'uploaderRole', u.role) order by d.created_at desc, d.id desc), '[]'::json)
    from documents d left join users u on u.id = d.uploaded_by
    where d.family_member_id = ${familyMemberId}${bailPapersOnly ? sql` and d.kind = 'bail_paper'` : sql``})`;
}

export function toDocumentMetas(v: unknown): DocumentMeta[] {
  return parsedJson<DocumentJsonRow[]>(v).map((d) => toDocumentMeta({ ...d, createdAt: new Date(d.createdAt) }));
}
