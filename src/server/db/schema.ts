// Every table of docs/design.md#2-data-model-relational-normalised. Constraints live here, not only in code.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { StoredOffence } from '#shared/cases.ts';
import { OPEN_REQUEST_STATUSES, REQUEST_STATUSES } from '../../shared/constants.ts';
import { ACCESS_ACTIONS } from '../../shared/access-log.ts';
import { CASE_DISPOSALS } from '../../shared/case-disposal.ts';
import { PRISON_TYPES, PRISONER_GENDERS, PRISONER_STATUSES } from '../../shared/prisoners.ts';
import { PRISONER_CONSENT_BASES } from '../../shared/privacy.ts';

/** `('a', 'b')` for an IN list of our own constants (never user input). */
const sqlList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

/** What a sign-up chose, kept on its confirmation link until the link is opened. */
export interface PendingSignup {
  email: string;
  name: string;
  role: 'Family-Member' | 'Lawyer' | 'Jail-Authority' | 'DLSA' | 'State-Administrator';
  passwordHash: string;
  language: string | null;
  /** The official's scope from the registration code (drizzle/0026_prisons.sql), and that code's id. */
  prisonId?: string | null;
  scopeState?: string | null;
  scopeDistrict?: string | null;
  codeId?: string | null;
}

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    role: text({ enum: ['Family-Member', 'Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator'] }).notNull(),
    passwordHash: text().notNull(),
    language: text(),
    /** Reminder emails may be turned off; the in-app notification stays. */
    emailReminders: boolean().notNull().default(true),
    /**
     * When the address was proven by the emailed link; null until then, and no session starts
     * (docs/decisions/0018-signup-confirm-by-email-link.md). Only sign-up writes null: every other
     * insert (demo data, test factories) makes a confirmed account.
     */
    confirmedAt: timestamp({ withTimezone: true }).defaultNow(),
    /**
     * The address as its mailbox reads it (Gmail ignores dots and a +suffix): one account per inbox.
     * Set by the database (trigger users_email_canonical_set, drizzle/0018_security_holes.sql; the same
     * rule as shared/email.ts canonicalEmail). Null only for a legacy second account of one inbox.
     */
    emailCanonical: text(),
    createdAt: createdAt(),
    /** A Jail-Authority's prison: it sees that prison's prisoners only (drizzle/0026_prisons.sql). */
    prisonId: uuid().references((): AnyPgColumn => prisons.id, { onDelete: 'restrict' }),
    /** A DLSA's state code and district. */
    scopeState: text(),
    scopeDistrict: text(),
    /** Set by the administrator: no session starts, and the ones open end. */
    disabledAt: timestamp({ withTimezone: true }),
    /**
     * The privacy notice accepted at sign-up: its version (shared/privacy.ts NOTICE_VERSION) and when;
     * withdrawn from the profile, given again there (docs/decisions/0053-notice-and-consent.md).
     * Null for accounts made before the notice (demo data, test factories).
     */
    noticeVersion: text(),
    noticeAcceptedAt: timestamp({ withTimezone: true }),
    noticeWithdrawnAt: timestamp({ withTimezone: true }),
    /**
     * A sign-up under 18: the parent's address, emailed a link (sha256 of its token, cleared once
     * used) that must be confirmed before the account opens; when the parent confirmed. Null for adults.
     */
    /**
     * When the retention job erased a sign-up nobody confirmed: name, address and password gone, the row
     * kept as a pseudonymous id (deleting it would read every table that refers to users).
     */
    erasedAt: timestamp({ withTimezone: true }),
    parentEmail: text(),
    parentTokenHash: text(),
    parentTokenExpiresAt: timestamp({ withTimezone: true }),
    parentConsentedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_email_canonical_unique').on(t.emailCanonical),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('Family-Member', 'Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator')`),
    check('users_prison_only_jail', sql`${t.prisonId} is null or ${t.role} = 'Jail-Authority'`),
    check(
      'users_scope_only_dlsa',
      sql`(${t.scopeDistrict} is null and ${t.scopeState} is null) or (${t.role} = 'DLSA' and ${t.scopeDistrict} is not null and ${t.scopeState} is not null)`,
    ),
    uniqueIndex('users_parent_token_unique')
      .on(t.parentTokenHash)
      .where(sql`${t.parentTokenHash} is not null`),
    index('users_prison_idx')
      .on(t.prisonId)
      .where(sql`${t.prisonId} is not null`),
    // Retention (docs/retention.md): sign-ups nobody confirmed and not yet erased, oldest first.
    index('users_unconfirmed_idx')
      .on(t.createdAt)
      .where(sql`${t.confirmedAt} is null and ${t.erasedAt} is null`),
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
    /** Last request seen, to the minute (plugins/auth.ts): idle longer than SESSION_IDLE_MINUTES ends it. */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Emailed single-use links (lib/email-links.ts): a password reset or an email confirmation. */
export const passwordResets = pgTable(
  'password_resets',
  {
    /** sha256 of the emailed token, hex. */
    id: text().primaryKey(),
    /** What the link does; a link of one purpose never does the other's job. */
    purpose: text({ enum: ['reset', 'confirm'] })
      .notNull()
      .default('reset'),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /**
     * A confirmation link's own sign-up (name, role, password hash, language): the account opens
     * with the choices of the sign-up whose link is opened, and only for the person who types that
     * sign-up's password (decision 0033, probe defect 2). Null for resets and resent links.
     */
    signup: jsonb().$type<PendingSignup>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_expires_idx').on(t.expiresAt),
    check('password_resets_purpose_valid', sql`${t.purpose} in ('reset', 'confirm')`),
  ],
);

/** State code (india-locations.ts) and district: both set or both null. */
const location = () => ({ state: text(), district: text() });

export const familyMembers = pgTable(
  'family_members',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    address: text().notNull(),
    registeredAt: createdAt(),
    ...location(),
    // drizzle/0002_scale.sql: the facts the jail authority's list sorts, filters and
    // counts by, kept exact by triggers in the same transaction as every change. Never written by code.
    /** Copy of users.name and users.email (trigger). */
    name: text().notNull().default(''),
    email: text().notNull().default(''),
    acceptedLawyers: integer().notNull().default(0),
    pendingLawyers: integer().notNull().default(0),
    bailPapers: integer().notNull().default(0),
    hasNgo: boolean().notNull().default(false),
    bailAccepted: boolean().notNull().default(false),
    noLawyer: boolean()
      .notNull()
      .generatedAlwaysAs(sql`"accepted_lawyers" = 0`),
    bailWaiting: boolean()
      .notNull()
      .generatedAlwaysAs(sql`NOT "bail_accepted" AND "bail_papers" > 0`),
    stage: text({ enum: ['registered', 'lawyer-requested', 'lawyer-assigned', 'bail-paper-waiting', 'bail-accepted'] })
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN "bail_accepted" THEN 'bail-accepted' WHEN "bail_papers" > 0 THEN 'bail-paper-waiting' WHEN "accepted_lawyers" > 0 THEN 'lawyer-assigned' WHEN "pending_lawyers" > 0 THEN 'lawyer-requested' ELSE 'registered' END`,
      ),
    // The release tracker's filters (drizzle/0006_release_custody.sql): any case still in custody
    // matching on release_clock's day. Kept by triggers and the daily pass; never written by code.
    releaseEligibleNow: boolean().notNull().default(false),
    releaseEligibleSoon: boolean().notNull().default(false),
    releaseDefaultBailDue: boolean().notNull().default(false),
    releasePastMaximum: boolean().notNull().default(false),
    // drizzle/objects/functions/member_prison.sql: the prison whose jail authority lists this member —
    // that of the first prisoner they follow who is held in a listed prison (derived.ts 'member-prison').
    // Kept by triggers on prisoner_followers and prisoners; never written by code.
    prisonId: uuid().references((): AnyPgColumn => prisons.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('family_members_location_pair', sql`(${t.state} is null) = (${t.district} is null)`),
    // The list's order; one partial index per filter in the same order (keyset pages).
    index('family_members_name_idx').on(t.name, t.userId),
    index('family_members_no_lawyer_idx')
      .on(t.name, t.userId)
      .where(sql`${t.noLawyer}`),
    index('family_members_no_ngo_idx')
      .on(t.name, t.userId)
      .where(sql`NOT ${t.hasNgo}`),
    index('family_members_bail_waiting_idx')
      .on(t.name, t.userId)
      .where(sql`${t.bailWaiting}`),
    index('family_members_bail_accepted_idx')
      .on(t.name, t.userId)
      .where(sql`${t.bailAccepted}`),
    index('family_members_release_eligible_now_idx')
      .on(t.name, t.userId)
      .where(sql`${t.releaseEligibleNow}`),
    index('family_members_release_eligible_soon_idx')
      .on(t.name, t.userId)
      .where(sql`${t.releaseEligibleSoon}`),
    index('family_members_release_default_bail_due_idx')
      .on(t.name, t.userId)
      .where(sql`${t.releaseDefaultBailDue}`),
    index('family_members_release_past_maximum_idx')
      .on(t.name, t.userId)
      .where(sql`${t.releasePastMaximum}`),
    // Prefix search (byte order): lower(name), email (stored lower case), phone. Each also holds the
    // member's id (and name) so a search reads the index alone: INCLUDE in drizzle/0013_search_index_only.sql.
    index('family_members_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('family_members_email_prefix_idx').on(sql`${t.email} text_pattern_ops`),
    index('family_members_phone_prefix_idx').on(sql`${t.phone} text_pattern_ops`),
    // The same list, filters and searches within one prison, for a jail authority of that prison
    // (docs/decisions/0047-jail-sees-its-own-prison.md).
    index('family_members_prison_name_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null`),
    index('family_members_prison_no_lawyer_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and ${t.noLawyer}`),
    index('family_members_prison_no_ngo_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and NOT ${t.hasNgo}`),
    index('family_members_prison_bail_waiting_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and ${t.bailWaiting}`),
    index('family_members_prison_bail_accepted_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and ${t.bailAccepted}`),
    index('family_members_prison_release_eligible_now_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and ${t.releaseEligibleNow}`),
    index('family_members_prison_release_eligible_soon_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and ${t.releaseEligibleSoon}`),
    index('family_members_prison_release_default_bail_due_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and ${t.releaseDefaultBailDue}`),
    index('family_members_prison_release_past_maximum_idx')
      .on(t.prisonId, t.name, t.userId)
      .where(sql`${t.prisonId} is not null and ${t.releasePastMaximum}`),
    // The name and the id after the key, so the prisoner search's relative branch reads the range in its
    // order, index only, and stops after a page (decision 0071); the dashboard's name search uses it too.
    index('family_members_prison_name_prefix_idx')
      .on(t.prisonId, sql`lower(${t.name}) text_pattern_ops`, t.name, t.userId)
      .where(sql`${t.prisonId} is not null`),
    index('family_members_prison_email_prefix_idx')
      .on(t.prisonId, sql`${t.email} text_pattern_ops`)
      .where(sql`${t.prisonId} is not null`),
    index('family_members_prison_phone_prefix_idx')
      .on(t.prisonId, sql`${t.phone} text_pattern_ops`, t.userId)
      .where(sql`${t.prisonId} is not null`),
  ],
);

/**
 * The member's row of the jail authority's list as JSON text (JailMemberSchema), kept exact by triggers;
 * the list hands it to the response as it is. Never written by code (docs/decisions/0021-stored-member-cards.md).
 * A table of its own, not a column of family_members, so the member's counters and flags are rewritten
 * without it (docs/decisions/0070-jail-cards-table.md).
 */
export const jailCards = pgTable('jail_cards', {
  memberId: uuid()
    .primaryKey()
    .references(() => familyMembers.userId, { onDelete: 'cascade' }),
  card: text().notNull(),
});

// drizzle/0017_client_cards.sql: each member as a lawyer sees their client (LawyerClientSchema without
// acceptedAt) as JSON text, kept exact by the member cards' triggers; the lawyer's list hands it to the
// response as it is. Never written by code (docs/decisions/0031-lawyer-clients-as-json-text.md).
export const clientCards = pgTable('client_cards', {
  familyMemberId: uuid()
    .primaryKey()
    .references(() => familyMembers.userId, { onDelete: 'cascade' }),
  card: text().notNull(),
});

/** Cases per family member and type (trigger-maintained): the chart's "members with a case of type X". */
export const memberCaseTypes = pgTable(
  'member_case_types',
  {
    familyMemberId: uuid()
      .notNull()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    caseType: text().notNull(),
    cases: integer().notNull(),
    /** Copy of family_members.prison_id (member_prison_refresh), so the per-prison chart moves with the rows. */
    prisonId: uuid(),
  },
  (t) => [primaryKey({ name: 'member_case_types_pk', columns: [t.familyMemberId, t.caseType] })],
);

/**
 * The jail authority's counts and charts, maintained by triggers ('all', 'no-lawyer', 'stage:…',
 * 'type:…'); each key is spread over shards so concurrent writers seldom wait: sum `n` by key.
 */
export const jailCounts = pgTable(
  'jail_counts',
  {
    /** Whose counts: a prison's (its id), or the whole deployment's (ALL_PRISONS, the zero uuid). */
    scope: uuid()
      .notNull()
      .default(sql`'00000000-0000-0000-0000-000000000000'`),
    key: text().notNull(),
    shard: smallint().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'jail_counts_scope_pk', columns: [t.scope, t.key, t.shard] })],
);

export const cases = pgTable(
  'cases',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyMemberId: uuid()
      .notNull()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    /** the spec's (docs/spec.md) "case id", as the family typed it. */
    caseNumber: text().notNull(),
    detail: text().notNull(),
    caseType: text().notNull(),
    /** The person in custody the case is against (drizzle/0027_prisoners.sql). */
    // Older inserts may leave it out: the trigger cases_prisoner_default fills it before NOT NULL is checked.
    prisonerId: uuid()
      .notNull()
      .$defaultFn(() => sql`null`)
      .references((): AnyPgColumn => prisoners.id, { onDelete: 'restrict' }),
    firNumber: text(),
    policeStation: text(),
    firYear: integer(),
    courtCaseNumber: text(),
    /** The court's bail order date and the day the person walked out, as recorded. */
    bailGrantedOn: date({ mode: 'string' }),
    releasedOn: date({ mode: 'string' }),
    // The bail order and the road to release (docs/law.md#bail-clocks, src/shared/bail.ts): what the
    // court set, when bonds and sureties were furnished, and the poor-prisoners fund's steps as the
    // DLSA records them.
    bailCourt: text(),
    bailBondAmount: integer(),
    bailSureties: integer(),
    bailSuretyAmount: integer(),
    bailConditions: text(),
    bailFurnishedOn: date({ mode: 'string' }),
    dlsaInformedOn: date({ mode: 'string' }),
    dlsaRecommendedOn: date({ mode: 'string' }),
    committeeDecidedOn: date({ mode: 'string' }),
    createdAt: createdAt(),
    // Case facts for the release tracker. Null when the family does not know yet.
    prisonerName: text(),
    prisonerRelation: text(),
    prison: text(),
    custodySince: date({ mode: 'string' }),
    court: text(),
    cnr: text(),
    offences: jsonb()
      .$type<StoredOffence[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    firstOffence: boolean(),
    otherPendingCases: integer().notNull().default(0),
    /**
     * Derived (registry: case-release-dates): how many other cases of the same prisoner Rihaai holds. With
     * otherPendingCases (those the family says exist elsewhere) it makes the S.479(2) bar in the dates below.
     */
    otherCasesHeld: integer().notNull().default(0),
    delayByAccusedDays: integer().notNull().default(0),
    chargesheetFiledOn: date({ mode: 'string' }),
    /**
     * The charges the court framed, and when (the lawyer or the jail records them): once framed, the release
     * dates count from these offences rather than those first alleged (docs/law.md#section-479-bnss).
     */
    chargesFramedOn: date({ mode: 'string' }),
    chargesFramed: jsonb()
      .$type<StoredOffence[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The court's decision that ended the case (acquitted, convicted …) and its day, as the family, its lawyer
     * or the jail recorded it: the retention job deletes the case a stated period after this day
     * (docs/retention.md#closed-cases).
     */
    disposedOn: date({ mode: 'string' }),
    disposal: text({ enum: CASE_DISPOSALS }),
    /** Bumped by every change of the facts above; a save names the one it was loaded at (drizzle/0019_edit_versions.sql). */
    factsVersion: integer().notNull().default(0),
    // Derived by assessRelease in the transaction that changes the facts; what depends on today is kept
    // as member flags (releaseEligibleNow …). s479Status: 'counting' means the half / one-third date applies.
    s479Status: text({ enum: ['not-applicable', 'barred', 'counting'] }),
    s479Fraction: text({ enum: ['1/2', '1/3'] }),
    s479EligibleOn: date({ mode: 'string' }),
    maximumEndsOn: date({ mode: 'string' }),
    defaultBailDays: integer(),
    /** Null when a charge-sheet was filed in time (default bail does not apply) or custody is unknown. */
    defaultBailEligibleOn: date({ mode: 'string' }),
    /** First day of "eligible soon": s479EligibleOn minus release.ts ELIGIBLE_SOON_DAYS (drizzle/0022_release_window_in_ts.sql). */
    s479EligibleSoonFrom: date({ mode: 'string' }),
    /**
     * Derived (registry: case-all-bailable): every offence the case is counted under is bailable (S.478;
     * shared/bail-money-route.ts caseAllBailable), stored with the facts (docs/decisions/0060-bailability-stored-per-case.md).
     */
    allBailable: boolean().notNull().default(false),
    /** Derived (registry: case-prison): the prison its prisoner is held in, kept by triggers cases_set_prison and prisoners_cases_prison. */
    prisonId: uuid().references((): AnyPgColumn => prisons.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('cases_member_number_unique').on(t.familyMemberId, t.caseNumber),
    index('cases_case_number_idx').on(t.caseNumber),
    check('cases_s479_status_valid', sql`${t.s479Status} in ('not-applicable', 'barred', 'counting')`),
    check('cases_counts_nonnegative', sql`${t.otherPendingCases} >= 0 and ${t.delayByAccusedDays} >= 0`),
    check('cases_fir_year_valid', sql`${t.firYear} is null or ${t.firYear} between 1900 and 2100`),
    index('cases_prisoner_idx')
      .on(t.prisonerId)
      .where(sql`${t.prisonerId} is not null`),
    index('cases_fir_number_idx')
      .on(sql`lower(${t.firNumber}) text_pattern_ops`)
      .where(sql`${t.firNumber} is not null`),
    index('cases_s479_eligible_on_idx')
      .on(t.s479EligibleOn, t.familyMemberId)
      .where(sql`${t.s479EligibleOn} is not null`),
    index('cases_s479_eligible_soon_from_idx')
      .on(t.s479EligibleSoonFrom, t.familyMemberId)
      .where(sql`${t.s479EligibleSoonFrom} is not null`),
    index('cases_maximum_ends_on_idx')
      .on(t.maximumEndsOn, t.familyMemberId)
      .where(sql`${t.maximumEndsOn} is not null`),
    index('cases_default_bail_due_idx')
      .on(t.defaultBailEligibleOn, t.chargesheetFiledOn, t.familyMemberId)
      .where(sql`${t.defaultBailEligibleOn} is not null`),
    // INCLUDE (family_member_id, case_number): drizzle/0013_search_index_only.sql.
    index('cases_case_number_prefix_idx').on(sql`lower(${t.caseNumber}) text_pattern_ops`),
    index('cases_bailed_not_released_idx')
      .on(t.bailGrantedOn)
      .where(sql`${t.bailGrantedOn} is not null and ${t.releasedOn} is null`),
    // The DLSA's bail desk and the UTRC's "granted bail" group: a prison's bailed-not-released cases, oldest order first.
    index('cases_prison_bailed_idx')
      .on(t.prisonId, t.bailGrantedOn, t.id)
      .where(sql`${t.bailGrantedOn} is not null and ${t.releasedOn} is null`),
    // The UTRC's S.478 group: a prison's cases held for bailable offences only, longest in custody first.
    index('cases_bailable_custody_idx')
      .on(t.prisonId, t.custodySince)
      .where(sql`${t.allBailable} and ${t.releasedOn} is null and ${t.custodySince} is not null`),
    index('cases_chargesheet_due_idx')
      .on(t.chargesheetFiledOn, t.familyMemberId)
      .where(sql`${t.defaultBailEligibleOn} is not null and ${t.chargesheetFiledOn} is not null`),
    index('cases_released_on_idx')
      .on(t.releasedOn, t.familyMemberId)
      .where(sql`${t.releasedOn} is not null`),
    // The retention job's oldest decided cases first (docs/retention.md#closed-cases).
    index('cases_disposed_on_idx')
      .on(t.disposedOn)
      .where(sql`${t.disposedOn} is not null`),
    check(
      'cases_disposal_given',
      sql`(${t.disposedOn} is null) = (${t.disposal} is null) and (${t.disposal} is null or ${t.disposal} in ${sqlList(CASE_DISPOSALS)})`,
    ),
  ],
);

/** Changes to a case's facts and printed S.479(3) applications: the case timeline with who did it. */
export const caseEvents = pgTable(
  'case_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['facts_changed', 'application_printed'] }).notNull(),
    details: jsonb().$type<{ fields?: string[] }>(),
    at: createdAt(),
  },
  (t) => [
    index('case_events_case_idx').on(t.caseId, t.at),
    check('case_events_kind_valid', sql`${t.kind} in ('facts_changed', 'application_printed')`),
  ],
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
    ...location(),
    /** Copy of users.name (trigger, drizzle/0008_lawyer_search_keyset.sql): the search's order. Never written by code. */
    name: text().notNull().default(''),
    /**
     * The Bar Council enrolment the lawyer gives, and the state council's code; null for a lawyer
     * registered before they were asked (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
     */
    barEnrolmentNumber: text(),
    barCouncilState: text(),
    /** When and by whom the enrolment was checked: families find only verified lawyers. A change of the enrolment clears it. */
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** A refused enrolment and why; the lawyer sees the reason, and a corrected enrolment is checked again. */
    verificationRejectedAt: timestamp({ withTimezone: true }),
    verificationRejectionReason: text(),
  },
  (t) => [
    check('lawyers_location_pair', sql`(${t.state} is null) = (${t.district} is null)`),
    check('lawyers_verified_has_enrolment', sql`${t.verifiedAt} is null or ${t.barEnrolmentNumber} is not null`),
    // The family's lawyer search, one index per nearness rank (docs/decisions/0016-lawyer-search-keyset-pages.md),
    // of verified lawyers only: an unverified one is never read (decision 0048).
    index('lawyers_search_district_idx')
      .on(t.lawyerType, t.state, t.district, t.name, t.userId)
      .where(sql`${t.verifiedAt} is not null`),
    index('lawyers_search_state_idx')
      .on(t.lawyerType, t.state, t.name, t.userId)
      .where(sql`${t.verifiedAt} is not null`),
    index('lawyers_search_name_idx')
      .on(t.lawyerType, t.name, t.userId)
      .where(sql`${t.verifiedAt} is not null`),
    // Lawyers awaiting verification, oldest first: the administrator's list, and a jail's of its district.
    index('lawyers_awaiting_verification_idx')
      .on(t.registeredAt, t.userId)
      .where(sql`${t.verifiedAt} is null and ${t.verificationRejectedAt} is null and ${t.barEnrolmentNumber} is not null`),
    // The verified lawyers of a district, by name: the DLSA's choice of a legal-aid lawyer.
    index('lawyers_verified_place_idx')
      .on(t.state, t.district, t.name, t.userId)
      .where(sql`${t.verifiedAt} is not null`),
    index('lawyers_awaiting_verification_place_idx')
      .on(t.state, t.district, t.registeredAt, t.userId)
      .where(sql`${t.verifiedAt} is null and ${t.verificationRejectedAt} is null and ${t.barEnrolmentNumber} is not null`),
  ],
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
    status: text({ enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp({ withTimezone: true }),
    /** When the family member ended the engagement (status 'ended'); the acceptance stays in decidedAt. */
    endedAt: timestamp({ withTimezone: true }),
    /** A lawyer the DLSA assigned on a legal-aid application (src/shared/legal-aid.ts): accepted on its behalf. */
    legalAidApplicationId: uuid().references((): AnyPgColumn => legalAidApplications.id, { onDelete: 'set null' }),
    /** The case (and so the prisoner) the family asked about; null for requests made before they said. */
    caseId: uuid().references(() => cases.id, { onDelete: 'set null' }),
  },
  (t) => [
    // At most one open (pending or accepted) request per family member and lawyer.
    uniqueIndex('lawyer_requests_open_unique')
      .on(t.familyMemberId, t.lawyerId)
      .where(sql`${t.status} in ${sqlList(OPEN_REQUEST_STATUSES)}`),
    index('lawyer_requests_lawyer_idx').on(t.lawyerId, t.status),
    index('lawyer_requests_member_idx').on(t.familyMemberId, t.status),
    // A case's requests, when the case goes (erasure): no whole-table read for the foreign key.
    index('lawyer_requests_case_idx')
      .on(t.caseId)
      .where(sql`${t.caseId} is not null`),
    index('lawyer_requests_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The lawyer's two lists, a page at a time (drizzle/0014_lawyer_list_pages.sql).
    index('lawyer_requests_pending_page_idx')
      .on(t.lawyerId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('lawyer_requests_accepted_page_idx')
      .on(t.lawyerId, sql`coalesce(${t.decidedAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.status} = 'accepted'`),
    check('lawyer_requests_status_valid', sql`${t.status} in ${sqlList(REQUEST_STATUSES)}`),
    check('lawyer_requests_ended_at_set', sql`(${t.status} = 'ended') = (${t.endedAt} is not null)`),
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
    /** Members assigned: kept by triggers on ngo_assignments (drizzle/0015_ngo_assigned_count.sql); never written by the app. */
    assignedCount: integer().notNull().default(0),
    /** Bumped by every edit of the NGO form: a form loaded before another edit gets a 409. */
    version: integer().notNull().default(0),
    createdAt: createdAt(),
    ...location(),
  },
  (t) => [
    check('ngos_seats_free_nonnegative', sql`${t.seatsFree} >= 0`),
    check('ngos_assigned_count_nonnegative', sql`${t.assignedCount} >= 0`),
    check('ngos_location_pair', sql`(${t.state} is null) = (${t.district} is null)`),
    // 'Select NGO': the nearest with a free seat, or by the start of the name (drizzle/0016_ngo_choices.sql).
    index('ngos_free_place_idx')
      .on(t.state, t.district, t.name, t.id)
      .where(sql`${t.seatsFree} > 0`),
    index('ngos_free_name_prefix_idx')
      .on(sql`lower(${t.name}) text_pattern_ops`)
      .where(sql`${t.seatsFree} > 0`),
  ],
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
  // An NGO's members in keyset pages, newest first (drizzle/0025_keyset_pages.sql).
  (t) => [index('ngo_assignments_ngo_page_idx').on(t.ngoId, t.assignedAt, t.familyMemberId)],
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
    /**
     * Where the bytes are: in `bytes` ('database', PostgreSQL), or in a file named by the id beside
     * the embedded database ('file'): docs/decisions/0019-papers-beside-the-embedded-database-files.md.
     */
    storage: text({ enum: ['database', 'file'] })
      .notNull()
      .default('database'),
    bytes: bytea(),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_member_idx').on(t.familyMemberId, t.createdAt),
    check(
      'documents_bytes_where_stored',
      sql`(${t.storage} = 'database') = (${t.bytes} is not null) and ${t.storage} in ('database', 'file')`,
    ),
    // A bail paper's uploader shows on the member's card (drizzle/0009_member_cards.sql).
    index('documents_uploaded_by_idx')
      .on(t.uploadedBy)
      .where(sql`${t.kind} = 'bail_paper'`),
  ],
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
    /** 0 urgent, 1 normal, 2 bulk: higher goes later (docs/decisions/0035-outbox-throughput.md). */
    priority: smallint().notNull().default(1),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The claim's order, pending rows only (drizzle/0021_outbox_priority.sql).
    index('email_outbox_claim_idx')
      .on(t.priority, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('email_outbox_priority_valid', sql`${t.priority} >= 0`),
    // Retention (docs/retention.md): sent emails, oldest first.
    index('email_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
  ],
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

/**
 * The person a family member names to use their rights if they die or cannot (DPDP Act section 14,
 * docs/decisions/0054-rights-a-family-can-use.md): one per member, gone with the member.
 */
export const familyMemberNominees = pgTable(
  'family_member_nominees',
  {
    familyMemberId: uuid()
      .primaryKey()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    name: text().notNull(),
    relation: text().notNull(),
    /** At least one way to reach them. */
    email: text(),
    phone: text(),
    updatedAt: createdAt(),
  },
  (t) => [check('family_member_nominees_reachable', sql`${t.email} is not null or ${t.phone} is not null`)],
);

/**
 * The access log (docs/decisions/0049-access-log.md): every read and change of a prisoner's record,
 * case, documents and export, by anyone. Append-only in the database: the access_log_append_only
 * trigger refuses UPDATE, TRUNCATE, and DELETE of rows younger than 365 days (the DPDP Rules' floor),
 * so only the retention job removes old rows. No foreign keys: a deleted account or prisoner must not
 * rewrite the log (ON DELETE SET NULL would be an UPDATE), and the ids left are pseudonymous.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid().notNull(),
    actorRole: text().notNull(),
    /** read (one record), list (a page of records), download, export, change. */
    action: text({ enum: ACCESS_ACTIONS }).notNull(),
    /** Which screen or API read it, e.g. 'case', 'document', 'jail.members'. */
    what: text().notNull(),
    /** The prisoner whose record was opened (one-record actions); the family's screen reads by it. */
    prisonerId: uuid(),
    /** The family member whose record it is. */
    memberId: uuid(),
    /** A list's records, one row a page (member ids, or prisoner ids for prisoner lists). */
    shown: uuid().array(),
    /** The case or document id. */
    ref: text(),
  },
  (t) => [
    check('access_log_action_valid', sql`${t.action} in ('read', 'list', 'download', 'export', 'change')`),
    index('access_log_prisoner_idx')
      .on(t.prisonerId, t.at, t.id)
      .where(sql`${t.prisonerId} is not null`),
    index('access_log_actor_idx').on(t.actorId, t.at, t.id),
    index('access_log_at_idx').on(t.at),
  ],
);

/**
 * Fixed-window counters for rate limits and sign-in lock-out, shared by every instance
 * (docs/decisions/0008-rate-limits-in-postgres.md).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Bytes of stored documents per uploader ('user:<id>') and in all ('deployment'), for upload quotas. */
export const uploadUsage = pgTable(
  'upload_usage',
  {
    scope: text().primaryKey(),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('upload_usage_bytes_nonnegative', sql`${t.bytes} >= 0`)],
);
/** Prisons and the DLSA that must hear of a person bailed but not released. */
export const prisons = pgTable(
  'prisons',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    district: text().notNull(),
    dlsaEmail: text().notNull(),
    createdAt: createdAt(),
    // drizzle/0026_prisons.sql: a prison is a record (null state: a prison from before, to be completed).
    state: text(),
    type: text({ enum: PRISON_TYPES }).notNull().default('district'),
    address: text().notNull().default(''),
    phone: text().notNull().default(''),
    dlsaName: text().notNull().default(''),
    dlsaAddress: text().notNull().default(''),
    dlsaPhone: text().notNull().default(''),
    version: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('prisons_name_unique').using('btree', sql`lower(${t.name})`),
    check('prisons_type_valid', sql`${t.type} in ('central', 'district', 'sub-jail', 'special')`),
    index('prisons_district_idx').on(t.state, t.district, sql`lower(${t.name})`),
  ],
);

/** Registration codes the administrator issues (sha256 only): a jail's names its prison, a DLSA's its district. */
export const registrationCodes = pgTable(
  'registration_codes',
  {
    id: text().primaryKey(),
    kind: text({ enum: ['jail', 'dlsa'] }).notNull(),
    prisonId: uuid().references(() => prisons.id, { onDelete: 'cascade' }),
    state: text(),
    district: text(),
    issuedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    issuedAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('registration_codes_kind_valid', sql`${t.kind} in ('jail', 'dlsa')`),
    check(
      'registration_codes_scope',
      sql`(${t.kind} = 'jail' and ${t.prisonId} is not null) or (${t.kind} = 'dlsa' and ${t.state} is not null and ${t.district} is not null)`,
    ),
    uniqueIndex('registration_codes_one_per_prison')
      .on(t.prisonId)
      .where(sql`${t.kind} = 'jail' and ${t.revokedAt} is null`),
    uniqueIndex('registration_codes_one_per_district')
      .on(t.state, t.district)
      .where(sql`${t.kind} = 'dlsa' and ${t.revokedAt} is null`),
  ],
);

/** The person in custody (drizzle/0027_prisoners.sql): followed by family members, with cases. */
export const prisoners = pgTable(
  'prisoners',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** As typed, any script. */
    name: text().notNull(),
    /** Latin letters (shared/names.ts latinName), editable; name_key is searched. */
    nameLatin: text().notNull().default(''),
    nameKey: text()
      .notNull()
      .generatedAlwaysAs(sql`prisoner_name_key("name_latin")`),
    /** Father's or husband's name. */
    relativeName: text().notNull().default(''),
    gender: text({ enum: PRISONER_GENDERS }).notNull().default('not-given'),
    birthYear: integer(),
    prisonId: uuid().references(() => prisons.id, { onDelete: 'restrict' }),
    /** The prison as the family typed it when it is not listed, for the administrator to match. */
    prisonOther: text(),
    prisonerNumber: text(),
    custodySince: date({ mode: 'string' }),
    status: text({ enum: PRISONER_STATUSES }).notNull().default('in-custody'),
    /** Pending cases the family says exist elsewhere (not in Rihaai). */
    otherCasesElsewhere: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    version: integer().notNull().default(0),
    /**
     * The prisoner's consent, or the legal basis, as a following relative recorded it, when and by
     * whom; withdrawn when and by whom (docs/decisions/0053-notice-and-consent.md). Null basis: a
     * prisoner registered before consent was recorded (demo data, test factories).
     */
    consentBasis: text({ enum: PRISONER_CONSENT_BASES }),
    consentAt: timestamp({ withTimezone: true }),
    consentBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    consentWithdrawnAt: timestamp({ withTimezone: true }),
    consentWithdrawnBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('prisoners_gender_valid', sql`${t.gender} in ('male', 'female', 'transgender', 'not-given')`),
    check('prisoners_status_valid', sql`${t.status} in ('in-custody', 'bailed-not-released', 'released', 'transferred')`),
    check('prisoners_birth_year_valid', sql`${t.birthYear} is null or ${t.birthYear} between 1900 and 2100`),
    check('prisoners_other_cases_nonnegative', sql`${t.otherCasesElsewhere} >= 0`),
    check('prisoners_consent_basis_valid', sql`${t.consentBasis} is null or ${t.consentBasis} in ${sqlList(PRISONER_CONSENT_BASES)}`),
    index('prisoners_prison_name_key_idx').on(t.prisonId, sql`${t.nameKey} text_pattern_ops`, t.id),
    index('prisoners_prison_number_idx')
      .on(t.prisonId, sql`lower(${t.prisonerNumber}) text_pattern_ops`)
      .where(sql`${t.prisonerNumber} is not null`),
    index('prisoners_prison_other_idx')
      .on(sql`lower(${t.prisonOther})`)
      .where(sql`${t.prisonId} is null and ${t.prisonOther} is not null`),
  ],
);

export const prisonerFollowers = pgTable(
  'prisoner_followers',
  {
    prisonerId: uuid()
      .notNull()
      .references(() => prisoners.id, { onDelete: 'cascade' }),
    familyMemberId: uuid()
      .notNull()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    /** How the family member is related to the prisoner, in their words. */
    relation: text().notNull().default(''),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'prisoner_followers_pk', columns: [t.prisonerId, t.familyMemberId] }),
    index('prisoner_followers_member_idx').on(t.familyMemberId, t.prisonerId),
    // A prisoner's followers in joining order (the first is the one the jail and the DLSA see), read
    // in the index's order: no sort per prisoner in the prisoner search and the district list.
    index('prisoner_followers_joined_idx').on(t.prisonerId, t.joinedAt, t.familyMemberId),
  ],
);

/** A relative's invitation to follow a prisoner: sha256 of a short code, good once until it expires. */
export const prisonerInvitations = pgTable(
  'prisoner_invitations',
  {
    id: text().primaryKey(),
    prisonerId: uuid()
      .notNull()
      .references(() => prisoners.id, { onDelete: 'cascade' }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('prisoner_invitations_prisoner_idx').on(t.prisonerId)],
);

/** Prisoners per prison and status, sharded (sum n): the administrator's counts (derived.ts 'prison-counts'). */
export const prisonCounts = pgTable(
  'prison_counts',
  {
    prisonId: uuid()
      .notNull()
      .references(() => prisons.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    shard: smallint().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'prison_counts_pk', columns: [t.prisonId, t.status, t.shard] })],
);

/**
 * A family member's application for free legal aid for a prisoner they follow (docs/law.md#free-legal-aid,
 * src/shared/legal-aid.ts): filed with the DLSA of the prison's district (state, district and prison as at
 * filing), decided within 7 days: accepted with a verified lawyer, or refused with a reason. One undecided
 * application per prisoner; escalated once when the due day passes undecided.
 */
export const legalAidApplications = pgTable(
  'legal_aid_applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    prisonerId: uuid()
      .notNull()
      .references(() => prisoners.id, { onDelete: 'cascade' }),
    familyMemberId: uuid()
      .notNull()
      .references(() => familyMembers.userId, { onDelete: 'cascade' }),
    prisonId: uuid().references(() => prisons.id, { onDelete: 'set null' }),
    state: text().notNull(),
    district: text().notNull(),
    note: text().notNull().default(''),
    status: text({ enum: ['pending', 'accepted', 'refused'] })
      .notNull()
      .default('pending'),
    filedAt: createdAt(),
    /** The filing day in India + 7 (LEGAL_AID_DECISION_DAYS). */
    dueOn: date({ mode: 'string' }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    lawyerId: uuid().references(() => lawyers.userId, { onDelete: 'set null' }),
    refusalReason: text(),
    /** When the late decision was escalated (the family told, the administrator emailed): once. */
    escalatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('legal_aid_applications_status_valid', sql`${t.status} in ('pending', 'accepted', 'refused')`),
    check('legal_aid_applications_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check('legal_aid_applications_refusal_reason', sql`${t.status} <> 'refused' or ${t.refusalReason} is not null`),
    uniqueIndex('legal_aid_applications_one_pending')
      .on(t.prisonerId)
      .where(sql`${t.status} = 'pending'`),
    // The DLSA's inbox, due day first; and the escalation pass's undecided, unescalated ones.
    index('legal_aid_applications_inbox_idx')
      .on(t.state, t.district, t.dueOn, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('legal_aid_applications_late_idx')
      .on(t.dueOn)
      .where(sql`${t.status} = 'pending' and ${t.escalatedAt} is null`),
    index('legal_aid_applications_prisoner_idx').on(t.prisonerId, t.filedAt, t.id),
    index('legal_aid_applications_member_idx').on(t.familyMemberId),
  ],
);

/** Moves between prisons: the old jail no longer sees the prisoner; the history stays. */
export const prisonerTransfers = pgTable(
  'prisoner_transfers',
  {
    id: uuid().primaryKey().defaultRandom(),
    prisonerId: uuid()
      .notNull()
      .references(() => prisoners.id, { onDelete: 'cascade' }),
    fromPrisonId: uuid().references(() => prisons.id, { onDelete: 'set null' }),
    toPrisonId: uuid().references(() => prisons.id, { onDelete: 'set null' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    at: createdAt(),
  },
  (t) => [index('prisoner_transfers_prisoner_idx').on(t.prisonerId, t.at)],
);

export const hearings = pgTable(
  'hearings',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    hearingOn: date({ mode: 'string' }).notNull(),
    court: text().notNull(),
    purpose: text().notNull(),
    outcome: text(),
    /** Bumped by every edit; a save names the one it was loaded at (drizzle/0019_edit_versions.sql). */
    version: integer().notNull().default(0),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('hearings_case_idx').on(t.caseId, t.hearingOn), index('hearings_on_idx').on(t.hearingOn)],
);

/** In-app notifications; the text is rendered at read time in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, string>>().notNull().default({}),
    link: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyset pages newest first, the id as tie-break (drizzle/0025_keyset_pages.sql).
    index('notifications_user_page_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** One row per scheduled event that fired: its key makes every reminder exactly-once across instances. */
/** The day the release flags of family_members are computed for (one row; moved by the daily pass). */
export const releaseClock = pgTable(
  'release_clock',
  {
    id: boolean().primaryKey().default(true),
    asOf: date({ mode: 'string' }).notNull(),
  },
  (t) => [check('release_clock_one_row', sql`${t.id}`)],
);

export const deadlineEvents = pgTable('deadline_events', {
  key: text().primaryKey(),
  firedAt: createdAt(),
});

// The second factor (docs/decisions/0043-second-factor-for-officials.md, drizzle/0024_second_factor.sql).
/** An account's time-based one-time password: one per account. */
export const secondFactors = pgTable('second_factors', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The TOTP secret sealed with SECOND_FACTOR_KEY (AES-256-GCM, bound to the account): a dump alone does not give it. */
  secretSealed: text().notNull(),
  /** Null while the enrolment waits for its first code. */
  enabledAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: a code (and any older one) is accepted once. */
  lastStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Recovery codes, by their SHA-256 (50 random bits each, so a slow hash adds nothing); each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/** A session that passed the second factor (enrolled or entered a code in it). */
export const sessionSecondFactors = pgTable('session_second_factors', {
  sessionId: text()
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
