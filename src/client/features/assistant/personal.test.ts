// Questions about one's own record, worded in many ways in all five languages, are
// recognised and answered from the member's summary in that language; general questions are left to the
// knowledge base.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PersonalSummary } from '#shared/assistant.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { detectPersonalIntent, personalAnswer, type PersonalIntent } from './personal.ts';

/** Questions as people type them, per language: data (tests/fixtures/assistant-questions.json) a translator can extend. */
const { own: QUESTIONS, general: GENERAL } = JSON.parse(
  fs.readFileSync(new URL('../../../../tests/fixtures/assistant-questions.json', import.meta.url), 'utf8'),
) as { own: Record<Language, Record<PersonalIntent, string[]>>; general: Record<Language, string[]> };

describe('own-record questions', () => {
  for (const lang of LANGUAGES)
    for (const [intent, questions] of Object.entries(QUESTIONS[lang]))
      it.each(questions)(`${lang} ${intent}: %s`, (q) => {
        expect(detectPersonalIntent(q, lang)).toBe(intent);
      });

  it.each(LANGUAGES)('%s: general questions are left to the knowledge base', (lang) => {
    for (const q of GENERAL[lang]) expect(detectPersonalIntent(q, lang), q).toBeNull();
  });
});

// The real translations, with i18next's interpolation and plural rules reduced to what these keys use.
function translator(lang: Language) {
  const texts = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lang}/assistant.json`), 'utf8')) as Record<
    string,
    string
  >;
  return (key: string, options: Record<string, unknown> = {}) => {
    const count = options.count as number | undefined;
    const k = count === undefined ? key : `${key}_${new Intl.PluralRules(lang).select(count)}`;
    const text = texts[k] ?? texts[`${key}_other`];
    if (text === undefined) throw new Error(`${lang}: no text for ${k}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}

const summary: PersonalSummary = {
  stage: 'lawyer_accepted',
  cases: [{ caseNumber: 'FIR-0421/2024', caseType: 'Criminal Defense Lawyer' }],
  lawyer: { name: 'Adv. Priya Sharma', phone: '+919810000001', status: 'accepted' },
  ngo: { name: 'Aasra Rehabilitation Trust', contactInfo: '011-45000001' },
  bailAcceptedAt: null,
};

describe('answers from the record, in the asker language', () => {
  it.each(LANGUAGES)('%s', (lang) => {
    const t = translator(lang);
    const status = personalAnswer('status', summary, t, lang);
    expect(status.text).toContain('FIR-0421/2024');
    expect(status.text).toContain('Adv. Priya Sharma');
    expect(status.text).toContain(t('me.next.lawyer_accepted'));
    expect(status.link).toBe('familyCase');
    const lawyer = personalAnswer('lawyer', summary, t, lang);
    expect(lawyer.text).toContain('Adv. Priya Sharma');
    expect(lawyer.text).toContain('+919810000001');
    expect(personalAnswer('ngo', summary, t, lang).text).toContain('Aasra Rehabilitation Trust');
    // Not known yet: said so, not made up.
    expect(personalAnswer('hearing', summary, t, lang).text).toBe(t('me.hearing.unknown'));
    expect(personalAnswer('release', summary, t, lang).text).toBe(t('me.release.unknown'));
    // Known (added by the hearing and release-date features): the date, written in that language.
    // The server sends calendar days (YYYY-MM-DD): written as that same day whatever the browser's zone.
    const withDates = { ...summary, nextHearing: { at: '2026-12-03', court: 'Saket District Court' }, releaseDate: '2027-01-15' };
    const hearing = personalAnswer('hearing', withDates, t, lang).text;
    const day = (iso: string) =>
      new Intl.DateTimeFormat(lang === 'en' ? 'en-IN' : lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    expect(hearing).toContain(day('2026-12-03'));
    expect(hearing).toContain('Saket District Court');
    const release = personalAnswer('release', withDates, t, lang).text;
    expect(release).toBe(t('me.release.yes', { date: day('2027-01-15') }));
    // It says which law gives the date and that the court orders the release.
    expect(release).toContain('479');
    expect(release).toContain('15100');
    if (lang === 'hi') expect(hearing).toMatch(/[\u0900-\u097F]/);
    // No lawyer yet: the next step points to Legal Services and the 15100 helpline.
    const none = personalAnswer('status', { ...summary, stage: 'no_lawyer', lawyer: null }, t, lang);
    expect(none.link).toBe('lawyerSearch');
    expect(none.text).toContain('15100');
  });
});
