// The emails and notifications are translated like the UI (tests/i18n.test.ts): every
// English text exists in every listed language (src/shared/languages.ts), is really translated and keeps its
// {{placeholders}}; and every message kind the server can send has its texts. A missing key fails.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASE_TYPES } from '#shared/constants.ts';
import { LANGUAGE_INFO, LANGUAGES } from '#shared/languages.ts';
import { formatDay, MESSAGE_KINDS, renderEmailText, text } from '#server/lib/messages.ts';

const LOCALES = path.resolve(import.meta.dirname, '../src/server/locales');
const OTHERS = LANGUAGES.filter((l) => l !== 'en');
const read = (lang: string): Record<string, string> | undefined => {
  const file = path.join(LOCALES, lang, 'emails.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : undefined;
};
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const lettersOutsidePlaceholders = (s: string) => /\p{L}/u.test(s.replace(/\{\{[^}]*\}\}/g, ''));
/** Same in every language: names and acronyms. */
const SAME_AS_ENGLISH = ['Rihaai'];

const en = read('en')!;

describe('server message texts (src/server/locales/<lang>/emails.json)', () => {
  it('English has every message kind, the email frame and every case type', () => {
    const needed = [
      ...MESSAGE_KINDS.flatMap((k) => [`${k}.subject`, `${k}.body`]),
      'email.greeting',
      'email.open',
      'email.signature',
      'email.reminderFooter',
      ...CASE_TYPES.map((c) => `caseType.${c}`),
    ];
    expect(needed.filter((k) => !(k in en))).toEqual([]);
    for (const [k, v] of Object.entries(en)) expect(v.trim(), k).not.toBe('');
  });

  for (const lang of OTHERS) {
    it(`${lang}: exactly the English keys`, () => {
      const other = read(lang);
      expect(other, `missing src/server/locales/${lang}/emails.json`).toBeDefined();
      expect(Object.keys(en).filter((k) => !(k in other!))).toEqual([]);
      expect(Object.keys(other!).filter((k) => !(k in en))).toEqual([]);
    });

    it(`${lang}: every value translated, placeholders kept`, () => {
      const other = read(lang) ?? {};
      const code = LANGUAGE_INFO[lang].script;
      const script = code === 'Latn' ? undefined : new RegExp(`\\p{Script=${code}}`, 'u');
      const untranslated: string[] = [];
      const broken: string[] = [];
      for (const [key, enValue] of Object.entries(en)) {
        const value = other[key];
        if (typeof value !== 'string' || !value.trim()) {
          untranslated.push(`${key}: (empty)`);
          continue;
        }
        if (value === enValue && lettersOutsidePlaceholders(value) && !SAME_AS_ENGLISH.includes(value)) untranslated.push(key);
        if (script && lettersOutsidePlaceholders(value) && !script.test(value)) untranslated.push(`${key}: not in ${code}`);
        if (placeholders(value).join() !== placeholders(enValue).join()) broken.push(key);
      }
      expect(untranslated).toEqual([]);
      expect(broken).toEqual([]);
    });
  }

  it('renders in the saved language, English when none is saved', () => {
    const params = { lawyer: 'Adv. Neha', lawyerType: 'Criminal Defense Lawyer', courtArea: 'Saket', phone: '98', email: 'n@gmail.com' };
    expect(renderEmailText('hi', 'request_accepted', params, { name: 'Ravi' }).subject).toBe('Adv. Neha ने आपका वकील अनुरोध स्वीकार किया');
    expect(renderEmailText('de', 'request_accepted', params, { name: 'Ravi' }).text).toContain('Strafverteidiger');
    expect(renderEmailText(null, 'request_accepted', params, { name: 'Ravi' }).text.startsWith('Dear Ravi,')).toBe(true);
    // Every listed language renders from its own file, dates spelled out by Intl in that language.
    for (const lang of LANGUAGES) {
      const hearing = renderEmailText(
        lang,
        'hearing_recorded',
        { caseNumber: 'FIR-1', date: '2026-12-03', court: 'Saket', purpose: 'x' },
        { name: 'Ravi' },
      );
      expect(hearing.subject, lang).toBe(
        text(lang, 'hearing_recorded.subject', { caseNumber: 'FIR-1', date: formatDay(lang, '2026-12-03') }),
      );
      expect(formatDay(lang, '2026-12-03'), lang).toBe(
        new Intl.DateTimeFormat(LANGUAGE_INFO[lang].locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date('2026-12-03T00:00:00Z'),
        ),
      );
    }
    expect(renderEmailText('ur', 'bail_accepted_family', {}, { name: 'Ravi' }).subject).toBe('ضمانت کا کاغذ منظور');
    expect(renderEmailText('bn', 'bail_accepted_family', {}, { name: 'Ravi' }).subject).toBe('জামিনের কাগজ গৃহীত');
    expect(renderEmailText('mr', 'bail_accepted_family', {}, { name: 'Ravi' }).subject).toBe('जामिनाचे कागद स्वीकारले');
    // A person's text containing {{…}} is never expanded again.
    expect(
      renderEmailText('en', 'contact_operator', { sender: '{{email}}', email: 'x@gmail.com', userId: '1', message: 'm' }, { name: 'Ops' })
        .subject,
    ).toBe('Rihaai contact form: message from {{email}}');
  });
});
