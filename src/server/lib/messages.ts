// Emails and in-app notifications in the recipient's saved language. The texts
// live in src/server/locales/<lang>/emails.json, checked like the UI's by tests/i18n-server.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, isLanguage, localeTag, type Language } from '#shared/languages.ts';

const LOCALES = path.resolve(import.meta.dirname, '../locales');
/** Every listed language's texts, read once at start-up (src/shared/languages.ts says how to add one). */
const TEXTS = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(LOCALES, lang, 'emails.json'), 'utf8')) as Record<string, string>]),
) as Record<Language, Record<string, string>>;

/** Every message a person can receive; each has `<kind>.subject` and `<kind>.body` in every language. */
export const MESSAGE_KINDS = [
  'request_created',
  'request_accepted',
  'request_rejected',
  'request_withdrawn',
  'engagement_ended',
  'bail_paper_uploaded',
  'bail_accepted_lawyer',
  'bail_accepted_family',
  'bail_accepted_family_told',
  'password_reset',
  'password_changed',
  'contact_operator',
  'contact_auto_reply',
  'hearing_recorded',
  'hearing_outcome',
  'hearing_reminder',
  'bail_granted',
  'released',
  'bail_not_released_family',
  'bail_not_released_lawyer',
  'bail_not_released_dlsa',
  'request_reminder',
  'request_overdue',
  'account_confirm',
  'signup_existing_account',
  'bail_accept_undone',
  'follower_joined',
  'follower_left',
  'bail_clock_due',
  'bail_clock_escalated',
  'bail_clock_late_family',
  'legal_aid_accepted',
  'legal_aid_assigned',
  'legal_aid_refused',
  'legal_aid_late_family',
  'legal_aid_late_admin',
  'parent_consent',
  'charges_framed',
  'prisoner_transferred',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageParams = Record<string, string>;

export function asLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : 'en';
}

/** A date of the calendar (YYYY-MM-DD) spelled out in the language, e.g. "3 December 2026". */
export function formatDay(lang: Language, day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(localeTag(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** Parameters as the language shows them: dates spelled out, case types and roles translated. */
function localise(lang: Language, params: MessageParams): MessageParams {
  const out: MessageParams = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(v)) out[k] = formatDay(lang, v);
    else if (k === 'caseType' || k === 'lawyerType') out[k] = TEXTS[lang][`caseType.${v}`] ?? TEXTS.en[`caseType.${v}`] ?? v;
    else if (k === 'role') out[k] = TEXTS[lang][`role.${v}`] ?? TEXTS.en[`role.${v}`] ?? v;
    // A poor-prisoners fund clock and the office that runs it (bail-clocks.scheduler.ts).
    else if (k === 'clock' || k === 'office') out[k] = TEXTS[lang][`${k}.${v}`] ?? TEXTS.en[`${k}.${v}`] ?? v;
    else out[k] = v;
  }
  return out;
}

/** One text with its {{placeholders}} filled; English when a language lacks the key (tests forbid that). */
export function text(lang: Language, key: string, params: MessageParams = {}): string {
  const template = TEXTS[lang][key] ?? TEXTS.en[key];
  if (template === undefined) throw new Error(`no message text ${key}`);
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

export interface RenderedMessage {
  subject: string;
  body: string;
}

/** Subject and body of a message in one language. */
export function renderMessage(langValue: string | null | undefined, kind: MessageKind, params: MessageParams): RenderedMessage {
  const lang = asLanguage(langValue);
  const p = localise(lang, params);
  return { subject: text(lang, `${kind}.subject`, p), body: text(lang, `${kind}.body`, p) };
}

/**
 * The plain-text email: greeting, body, a link to the screen, and for reminders how to turn
 * reminder emails off.
 */
export function renderEmailText(
  langValue: string | null | undefined,
  kind: MessageKind,
  params: MessageParams,
  options: { name: string; link?: string | undefined; profileLink?: string | undefined },
): RenderedMessage & { text: string } {
  const lang = asLanguage(langValue);
  const { subject, body } = renderMessage(lang, kind, params);
  const parts = [text(lang, 'email.greeting', { name: options.name }), body];
  if (options.link) parts.push(text(lang, 'email.open', { link: options.link }));
  if (options.profileLink) parts.push(text(lang, 'email.reminderFooter', { link: options.profileLink }));
  parts.push(text(lang, 'email.signature'));
  return { subject, body, text: parts.join('\n\n') };
}
