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

// The real translations, with i18next's interpolation, plural rules and `ns` option reduced to what these keys use.
function translator(lang: Language) {
  const read = (ns: string) =>
    JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lang}/${ns}.json`), 'utf8')) as Record<string, string>;
  const files: Record<string, Record<string, string>> = { assistant: read('assistant'), plain: read('plain') };
  return (key: string, options: Record<string, unknown> = {}) => {
    const texts = files[(options.ns as string | undefined) ?? 'assistant']!;
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
    // and for the next date, how to find it (the eCourts SMS, the court's e-Sewa Kendra).
    expect(personalAnswer('hearing', summary, t, lang).text).toBe(
      `${t('me.hearing.unknown')} ${t('me.hearing.smsNoCnr')} ${t('me.hearing.sewa')}`,
    );
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

// The two questions families ask most, answered from the record: the next date, and bail / release.
describe('"when is the next date?" and "when will bail come?"', () => {
  const day = (lang: Language, iso: string) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-IN' : lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const person = {
    prisonerName: 'Ramesh',
    lawyer: 'Adv. Priya Sharma',
    caseId: '00000000-0000-4000-8000-000000000001',
    bailOverdue: false,
  };

  it('en: no hearing on record — the eCourts SMS with the CNR, or without it, and the e-Sewa Kendra', () => {
    const t = translator('en');
    const withCnr = personalAnswer('hearing', { ...summary, cases: [{ ...summary.cases[0]!, cnr: 'DLST010012342024' }] }, t, 'en').text;
    expect(withCnr).toContain('ECOURTS DLST010012342024');
    expect(withCnr).toContain('9766899899');
    expect(withCnr).toContain('e-Sewa Kendra at the district court');
    const without = personalAnswer('hearing', summary, t, 'en').text;
    expect(without).toContain('CNR number');
    expect(without).toContain('9766899899');
  });

  it('hi: अगली तारीख — रिकॉर्ड में नहीं तो SMS और ई-सेवा केंद्र; रिकॉर्ड में हो तो तारीख़', () => {
    const t = translator('hi');
    expect(detectPersonalIntent('अगली तारीख कब है?', 'hi')).toBe('hearing');
    const none = personalAnswer('hearing', { ...summary, cases: [{ ...summary.cases[0]!, cnr: 'UPSI010000122025' }] }, t, 'hi').text;
    expect(none).toContain('ECOURTS UPSI010000122025');
    expect(none).toContain('9766899899');
    expect(none).toContain('ई-सेवा केंद्र');
    const known = personalAnswer('hearing', { ...summary, nextHearing: { at: '2026-12-03', court: 'सीतापुर ज़िला अदालत' } }, t, 'hi').text;
    expect(known).toContain(day('hi', '2026-12-03'));
    expect(known).toContain('सीतापुर ज़िला अदालत');
  });

  it('en: eligible under S.479 with default bail to come: the sentence, the dates, the bail stage and the court', () => {
    const t = translator('en');
    expect(detectPersonalIntent('When will bail come?', 'en')).toBe('release');
    const s: PersonalSummary = {
      ...summary,
      prisoners: [
        { ...person, status: 's479-on-date', next: 'lawyer-apply', date: '2026-09-15', s479On: '2026-09-15', defaultBailOn: null },
      ],
    };
    const text = personalAnswer('release', s, t, 'en').text;
    expect(text).toBe(
      `Ramesh will be entitled to release under Section 479 from ${day('en', '2026-09-15')} — ask the lawyer to apply to the court for release. ` +
        'Bail has not been accepted yet. Only the court orders the release: ask your lawyer, the DLSA or the free helpline 15100.',
    );
    const due = personalAnswer(
      'release',
      {
        ...s,
        prisoners: [{ ...person, status: 'lawyer-accepted', next: 'lawyer-papers', date: null, s479On: null, defaultBailOn: '2026-12-01' }],
      },
      t,
      'en',
    ).text;
    expect(due).toContain(`Default bail: due from ${day('en', '2026-12-01')}`);
  });

  it('hi: ज़मानत कब मिलेगी — नाम, हक़ की तारीख़, अगला क़दम', () => {
    const t = translator('hi');
    expect(detectPersonalIntent('ज़मानत कब मिलेगी?', 'hi')).toBe('release');
    const s: PersonalSummary = {
      ...summary,
      prisoners: [
        {
          ...person,
          prisonerName: 'रमेश',
          status: 's479-eligible',
          next: 'legal-aid-now',
          date: '2026-09-15',
          s479On: '2026-09-15',
          defaultBailOn: null,
        },
      ],
    };
    const text = personalAnswer('release', s, t, 'hi').text;
    expect(text).toContain(`रमेश जी धारा 479 के तहत ${day('hi', '2026-09-15')} से रिहाई के हक़दार हैं — अभी 15100 पर फ़ोन करें`);
    expect(text).toContain('अभी ज़मानत मंज़ूर नहीं हुई है।');
    expect(text).toContain('रिहाई का आदेश सिर्फ़ अदालत देती है');
    // Bail accepted, not out yet: that is the stage; no "not accepted" line.
    const bailed = personalAnswer(
      'release',
      {
        ...s,
        prisoners: [
          {
            ...person,
            prisonerName: 'रमेश',
            status: 'bail-not-released',
            next: 'bond-and-surety',
            date: '2026-06-08',
            s479On: null,
            defaultBailOn: null,
          },
        ],
      },
      t,
      'hi',
    ).text;
    expect(bailed).toContain(`रमेश जी को ${day('hi', '2026-06-08')} को ज़मानत मिल गई`);
    expect(bailed).not.toContain('मंज़ूर नहीं');
    // Released: said so, and nothing about the court.
    const out = personalAnswer(
      'release',
      {
        ...s,
        prisoners: [
          { ...person, prisonerName: 'रमेश', status: 'released', next: 'keep-dates', date: '2026-06-20', s479On: null, defaultBailOn: null },
        ],
      },
      t,
      'hi',
    ).text;
    expect(out).toBe(`रमेश जी ${day('hi', '2026-06-20')} को रिहा हो गए — हर सुनवाई पर जाएँ और ज़मानत की शर्तें मानें।`);
  });

  it.each(LANGUAGES)('%s: both answers read in the language, with no markup or missing text', (lang) => {
    const t = translator(lang);
    const s: PersonalSummary = {
      ...summary,
      prisoners: [
        {
          ...person,
          status: 'default-bail-due',
          next: 'lawyer-apply',
          date: '2026-04-01',
          s479On: '2026-09-15',
          defaultBailOn: '2026-04-01',
        },
      ],
    };
    const release = personalAnswer('release', s, t, lang).text;
    expect(release).toContain('479');
    expect(release).toContain('15100');
    expect(release).not.toMatch(/[<>]|undefined/);
    expect(personalAnswer('hearing', summary, t, lang).text).toContain('9766899899');
  });
});
