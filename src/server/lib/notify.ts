// One way to tell a person something: an in-app notification and an email, both
// from the same translated message, written in the caller's transaction (the outbox delivers).
// Every email the app sends is queued here: `notify` for an account (in-app notice plus email),
// `sendEmail` for an email alone (account emails, addresses with no account). The one exception is
// an emailed link sent without knowing whether the account exists (a password reset, a resent
// confirmation), whose five renderings the database chooses from (lib/email-links.ts).
import type { Role } from '#shared/constants.ts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents, emailOutbox, notifications, users } from '../db/schema.ts';
import { audit } from './audit.ts';
import { preparedSql } from '../db/prepared.ts';
import { renderEmailText, type MessageKind, type MessageParams } from './messages.ts';
import { EMAIL_PRIORITY, enqueueEmail, type EmailPriority } from './outbox.ts';

export interface Recipient {
  id: string;
  role: Role;
  name: string;
  email: string;
  language: string | null;
  emailReminders: boolean;
}

const recipientColumns = {
  id: users.id,
  role: users.role,
  name: users.name,
  email: users.email,
  language: users.language,
  // A member who withdrew their consent to the notice gets no reminder emails (docs/decisions/0053-notice-and-consent.md).
  emailReminders: sql<boolean>`${users.emailReminders} and ${users.noticeWithdrawnAt} is null`,
};

/**
 * A Recipient as one JSON value, for a statement that reads whom to tell with other things (one
 * statement instead of two): `users` is the alias of the users row in that statement.
 */
export function recipientJson(users: string): SQL {
  const u = sql.raw(users);
  return sql`json_build_object('id', ${u}.id, 'role', ${u}.role, 'name', ${u}.name, 'email', ${u}.email, 'language', ${u}.language,
    'emailReminders', ${u}.email_reminders and ${u}.notice_withdrawn_at is null)`;
}

/** The accounts to tell, in one query. */
export async function findRecipients(db: Db, ids: readonly string[]): Promise<Recipient[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select(recipientColumns).from(users).where(inArray(users.id, unique));
}

export async function findRecipient(db: Db, id: string): Promise<Recipient | undefined> {
  return (await findRecipients(db, [id]))[0];
}

export interface NotifyOptions {
  kind: MessageKind;
  params: MessageParams;
  /** Path inside the app the notification and the email point to. */
  link: string;
  publicUrl: string;
  /** A scheduled reminder: the email obeys the person's "reminder emails" setting; the in-app one stays. */
  reminder?: boolean;
  /** Email only (account emails such as password reset), no in-app notification. */
  emailOnly?: boolean;
  /** The email waits until then (an undo window); the id it returns lets the undo cancel it. */
  notBefore?: Date;
  /**
   * The change's audit entry, written in the same statement as the notice and its email (one statement
   * fewer a write: docs/decisions/0068-fewer-statements-a-write.md); with `emailIdsWith` its details'
   * `emailIds` get this email's id added after the given ones.
   */
  audit?: AuditEntry;
}

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

/** In-app notification plus email in the recipient's saved language. */
export async function notify(db: Db, recipient: Recipient, options: NotifyOptions): Promise<string | undefined> {
  const emailed = !(options.reminder && !recipient.emailReminders);
  const email: EmailOptions = {
    kind: options.kind,
    params: options.params,
    link: options.link ? absolute(options.publicUrl, options.link) : undefined,
    profileLink: options.reminder ? absolute(options.publicUrl, '/edit-profile') : undefined,
    notBefore: options.notBefore,
  };
  if (options.emailOnly || !emailed) {
    let id: string | undefined;
    if (!options.emailOnly) {
      await db.insert(notifications).values({ userId: recipient.id, kind: options.kind, params: options.params, link: options.link });
    } else if (emailed) {
      id = await sendEmail(db, recipient, email);
    }
    if (options.audit) await writeAudit(db, options.audit, id);
    return id;
  }
  // Both in one statement: most of what a write costs is its statements (docs/decisions/0066-change-capture-without-dynamic-sql.md).
  const mail = renderEmailText(recipient.language, email.kind, email.params, {
    name: recipient.name,
    link: email.link,
    profileLink: email.profileLink,
  });
  const a = options.audit;
  const { rows } = await (a ? insertNoticeEmailAndAudit : insertNoticeAndEmail)(db).execute({
    ...(a && {
      auditActorId: a.actorId,
      auditAction: a.action,
      auditSubject: a.subject,
      details: a.details === undefined ? null : JSON.stringify(a.details),
      emailIdsWith: a.emailIdsWith ? JSON.stringify(a.emailIdsWith) : null,
    }),
    userId: recipient.id,
    kind: options.kind,
    params: JSON.stringify(options.params),
    link: options.link,
    to: recipient.email,
    subject: mail.subject,
    text: mail.text,
    priority: EMAIL_PRIORITY_OF[options.kind],
    // Due from this process's clock, as enqueueEmail's (lib/outbox.ts).
    nextAttemptAt: (options.notBefore ?? new Date()).toISOString(),
  });
  const id = rows[0]?.id;
  if (!id) throw new Error('outbox insert returned nothing');
  return id;
}

/** The in-app notification and its email's outbox row, one statement (values as notify gives them). */
const insertNoticeAndEmail = preparedSql<{ id: string }>(
  () => sql`with notice as (
      insert into ${notifications} ("user_id", "kind", "params", "link")
      values (${sql.placeholder('userId')}, ${sql.placeholder('kind')}, ${sql.placeholder('params')}::jsonb, ${sql.placeholder('link')}))
    insert into ${emailOutbox} ("to", "subject", "text", "priority", "next_attempt_at")
    values (${sql.placeholder('to')}, ${sql.placeholder('subject')}, ${sql.placeholder('text')}, ${sql.placeholder('priority')}::smallint,
      ${sql.placeholder('nextAttemptAt')}::timestamptz)
    returning "id"`,
);

/** As insertNoticeAndEmail, and the change's audit entry (its details' emailIds with this email's id when asked). */
const insertNoticeEmailAndAudit = preparedSql<{ id: string }>(
  () => sql`with notice as (
      insert into ${notifications} ("user_id", "kind", "params", "link")
      values (${sql.placeholder('userId')}, ${sql.placeholder('kind')}, ${sql.placeholder('params')}::jsonb, ${sql.placeholder('link')})),
    email as (
      insert into ${emailOutbox} ("to", "subject", "text", "priority", "next_attempt_at")
      values (${sql.placeholder('to')}, ${sql.placeholder('subject')}, ${sql.placeholder('text')}, ${sql.placeholder('priority')}::smallint,
        ${sql.placeholder('nextAttemptAt')}::timestamptz)
      returning "id"),
    entry as (
      insert into ${auditEvents} ("actor_id", "action", "subject", "details")
      select ${sql.placeholder('auditActorId')}::uuid, ${sql.placeholder('auditAction')}, ${sql.placeholder('auditSubject')},
        case when ${sql.placeholder('emailIdsWith')}::jsonb is null then ${sql.placeholder('details')}::jsonb
          else coalesce(${sql.placeholder('details')}::jsonb, '{}'::jsonb)
            || jsonb_build_object('emailIds', ${sql.placeholder('emailIdsWith')}::jsonb || to_jsonb(e.id::text)) end
      from email e)
    select "id" from email`,
);

/** An audit entry given to notify (see NotifyOptions.audit). */
export interface AuditEntry {
  actorId: string | null;
  action: string;
  subject: string | null;
  details?: Record<string, unknown>;
  /** The email ids of notices sent before this one: details.emailIds is these and this notice's email, if it has one. */
  emailIdsWith?: string[];
}

async function writeAudit(db: Db, a: AuditEntry, emailId: string | undefined): Promise<void> {
  const details = a.emailIdsWith ? { ...a.details, emailIds: [...a.emailIdsWith, ...(emailId ? [emailId] : [])] } : a.details;
  await audit(db, a.actorId, a.action, a.subject, details);
}

export async function notifyAll(db: Db, recipients: readonly Recipient[], options: NotifyOptions): Promise<void> {
  for (const r of recipients) await notify(db, r, options);
}

export interface EmailTo {
  email: string;
  name: string;
  /** The saved language; English when unknown. */
  language?: string | null | undefined;
}

export interface EmailOptions {
  kind: MessageKind;
  params: MessageParams;
  /** Absolute link to the screen the email is about. */
  link?: string | undefined;
  /** Absolute link to where reminder emails are turned off (reminders only). */
  profileLink?: string | undefined;
  notBefore?: Date | undefined;
}

const { urgent, normal, bulk } = EMAIL_PRIORITY;

/**
 * Which emails the outbox sends first (docs/decisions/0035-outbox-throughput.md): someone waiting on
 * a link, and news of bail and release, before what a person did, before scheduled reminders.
 * Every kind is listed, so a new one must be placed.
 */
export const EMAIL_PRIORITY_OF: Record<MessageKind, EmailPriority> = {
  account_confirm: urgent,
  parent_consent: urgent,
  password_reset: urgent,
  password_changed: urgent,
  signup_existing_account: urgent,
  bail_accepted_lawyer: urgent,
  bail_accepted_family: urgent,
  bail_accepted_family_told: urgent,
  bail_accept_undone: urgent,
  bail_granted: urgent,
  released: urgent,
  bail_not_released_family: urgent,
  bail_not_released_lawyer: urgent,
  bail_not_released_dlsa: urgent,
  bail_clock_due: urgent,
  bail_clock_escalated: urgent,
  bail_clock_late_family: urgent,
  charges_framed: urgent,
  prisoner_transferred: normal,
  request_created: normal,
  request_accepted: normal,
  request_rejected: normal,
  request_withdrawn: normal,
  engagement_ended: normal,
  follower_joined: normal,
  follower_left: normal,
  bail_paper_uploaded: normal,
  contact_operator: normal,
  contact_auto_reply: normal,
  hearing_recorded: normal,
  hearing_outcome: normal,
  legal_aid_accepted: normal,
  legal_aid_assigned: normal,
  legal_aid_refused: normal,
  legal_aid_late_family: normal,
  legal_aid_late_admin: normal,
  hearing_reminder: bulk,
  request_reminder: bulk,
  request_overdue: bulk,
};

/** An email alone, no in-app notification, rendered in `to.language`; returns the outbox id. */
export async function sendEmail(db: Db, to: EmailTo, options: EmailOptions): Promise<string> {
  const mail = renderEmailText(to.language, options.kind, options.params, {
    name: to.name,
    link: options.link,
    profileLink: options.profileLink,
  });
  return enqueueEmail(
    db,
    { to: to.email, subject: mail.subject, text: mail.text },
    { priority: EMAIL_PRIORITY_OF[options.kind], notBefore: options.notBefore },
  );
}
