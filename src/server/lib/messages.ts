// Emails and in-app notifications in the recipient's saved language. The texts
// live in src/server/locales/<lang>/emails.json, checked like the UI's by tests/i18n-server.test.ts.
import { LANGUAGES, type Language } from '#shared/constants.ts';
import en from '../locales/en/emails.json' with { type: 'json' };
import hi from '../locales/hi/emails.json' with { type: 'json' };
import es from '../locales/es/emails.json' with { type: 'json' };
import fr from '../locales/fr/emails.json' with { type: 'json' };
import de from '../locales/de/emails.json' with { type: 'json' };

const TEXTS: Record<Language, Record<string, string>> = { en, hi, es, fr, de };

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
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageParams = Record<string, string>;

const LOCALE_TAG: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', es: 'es', fr: 'fr', de: 'de' };

export function asLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

/** A date of the calendar (YYYY-MM-DD) spelled out in the language, e.g. "3 December 2026". */
export function formatDay(lang: Language, day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** Parameters as the language shows them: dates spelled out, case types and roles translated. */
function localise(lang: Language, params: MessageParams): MessageParams {
  const out: MessageParams = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(v)) out[k] = formatDay(lang, v);
    else if (k === 'caseType' || k === 'lawyerType') out[k] = TEXTS[lang][`caseType.${v}`] ?? TEXTS.en[`caseType.${v}`] ?? v;
    else if (k === 'role') out[k] = TEXTS[lang][`role.${v}`] ?? TEXTS.en[`role.${v}`] ?? v;
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
