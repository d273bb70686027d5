// Every table of DESIGN §2. Constraints live here, not only in code.
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    role: text({ enum: ['Family-Member', 'Lawyer', 'Jail-Authority'] }).notNull(),
    passwordHash: text().notNull(),
    language: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('Family-Member', 'Lawyer', 'Jail-Authority')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token, hex: the token itself is never stored. */
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    /** sha256 of the emailed token, hex. */
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const familyMembers = pgTable('family_members', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text().notNull(),
  address: text().notNull(),
  registeredAt: createdAt(),
});

export const cases = pgTable(
  'cases',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyMemberId: uuid()
      .notNull()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    /** SPEC's "case id", as the family typed it. */
    caseNumber: text().notNull(),
    detail: text().notNull(),
    caseType: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cases_member_number_unique').on(t.familyMemberId, t.caseNumber), index('cases_case_number_idx').on(t.caseNumber)],
);

export const lawyers = pgTable(
  'lawyers',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    address: text().notNull(),
    lawyerType: text().notNull(),
    courtArea: text().notNull(),
    registeredAt: createdAt(),
  },
  (t) => [index('lawyers_type_idx').on(t.lawyerType)],
);

export const lawyerRequests = pgTable(
  'lawyer_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyMemberId: uuid()
      .notNull()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    lawyerId: uuid()
      .notNull()
      .references(() => lawyers.userId, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // At most one open (pending or accepted) request per family member and lawyer.
    uniqueIndex('lawyer_requests_open_unique')
      .on(t.familyMemberId, t.lawyerId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('lawyer_requests_lawyer_idx').on(t.lawyerId, t.status),
    index('lawyer_requests_member_idx').on(t.familyMemberId, t.status),
    check('lawyer_requests_status_valid', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);

export const ngos = pgTable(
  'ngos',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    address: text().notNull(),
    contactInfo: text().notNull(),
    report: text().notNull().default(''),
    seatsFree: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('ngos_seats_free_nonnegative', sql`${t.seatsFree} >= 0`)],
);

export const ngoAssignments = pgTable(
  'ngo_assignments',
  {
    familyMemberId: uuid()
      .primaryKey()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    ngoId: uuid()
      .notNull()
      .references(() => ngos.id, { onDelete: 'restrict' }),
    assignedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    assignedAt: createdAt(),
  },
  (t) => [index('ngo_assignments_ngo_idx').on(t.ngoId)],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyMemberId: uuid()
      .notNull()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['bail_paper'] })
      .notNull()
      .default('bail_paper'),
    filename: text().notNull(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    bytes: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_member_idx').on(t.familyMemberId, t.createdAt)],
);

export const bailReviews = pgTable('bail_reviews', {
  familyMemberId: uuid()
    .primaryKey()
    .references(() => familyMembers.userId, { onDelete: 'cascade' }),
  status: text({ enum: ['Accepted'] })
    .notNull()
    .default('Accepted'),
  decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  decidedAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  email: text().notNull(),
  message: text().notNull(),
  createdAt: createdAt(),
});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    subject: text(),
    at: createdAt(),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_events_subject_idx').on(t.subject, t.at)],
);
