// The access log (docs/decisions/0049-access-log.md): who read or changed a prisoner's record, as
// the family and the administrator see it.
import { z } from 'zod';
import { ROLES } from './constants.ts';

/** read (one record), list (a page of records), download, export, change. */
export const ACCESS_ACTIONS = ['read', 'list', 'download', 'export', 'change'] as const;
export const AccessActionSchema = z.enum(ACCESS_ACTIONS);
export type AccessAction = z.infer<typeof AccessActionSchema>;

/** Rows a page of the log holds. */
export const ACCESS_LOG_PAGE = 30;

/** The longest span the administrator's question may cover (a breach notice names a window). */
export const ACCESS_QUERY_MAX_DAYS = 400;

/** A page's cursor: the last row's time and id ("<iso>~<id>"). */
export const AccessCursorSchema = z
  .string()
  .max(80)
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z~\d{1,18}$/);

export const FamilyAccessQuerySchema = z.strictObject({
  prisonerId: z.uuid(),
  cursor: AccessCursorSchema.optional(),
});

/** One row the family sees: who (a name only for officials and lawyers), in which role, when, what. */
export const FamilyAccessRowSchema = z.object({
  at: z.string(),
  actorRole: z.enum(ROLES),
  /** Officials' and lawyers' names; null for a family member other than the reader. */
  actorName: z.string().nullable(),
  action: AccessActionSchema,
  what: z.string(),
});
export type FamilyAccessRow = z.infer<typeof FamilyAccessRowSchema>;

export const FamilyAccessPageSchema = z.object({
  prisoner: z.object({ id: z.uuid(), name: z.string() }),
  rows: z.array(FamilyAccessRowSchema),
  next: z.string().nullable(),
});
export type FamilyAccessPage = z.infer<typeof FamilyAccessPageSchema>;

export const AdminAccessQuerySchema = z
  .strictObject({
    /** The account's email or id. */
    account: z.string().trim().min(3).max(254),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    cursor: AccessCursorSchema.optional(),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'to must be after from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= ACCESS_QUERY_MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: `at most ${ACCESS_QUERY_MAX_DAYS} days`,
  });
export type AdminAccessQuery = z.infer<typeof AdminAccessQuerySchema>;

/** One row of the administrator's answer: what the account did, and whose records (prisoners and members). */
export const AdminAccessRowSchema = z.object({
  at: z.string(),
  actorRole: z.string(),
  action: AccessActionSchema,
  what: z.string(),
  ref: z.string().nullable(),
  prisoner: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  memberId: z.uuid().nullable(),
  /** A list's records (ids), for the notice's list of affected persons. */
  shown: z.array(z.uuid()),
});
export type AdminAccessRow = z.infer<typeof AdminAccessRowSchema>;

export const AdminAccessPageSchema = z.object({
  account: z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.enum(ROLES) }),
  rows: z.array(AdminAccessRowSchema),
  next: z.string().nullable(),
});
export type AdminAccessPage = z.infer<typeof AdminAccessPageSchema>;
