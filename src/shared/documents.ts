import { z } from 'zod';
import { RoleSchema } from './enums.ts';

export const DocumentMetaSchema = z.object({
  id: z.uuid(),
  familyMemberId: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string(), role: RoleSchema }).nullable(),
  /** Opens only for permitted users. */
  url: z.string(),
});
export type DocumentMeta = z.infer<typeof DocumentMetaSchema>;

export const ACCEPTED_UPLOAD = 'image/jpeg,image/png,image/webp,application/pdf';
