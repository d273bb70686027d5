// The S.479(3) application in the language of the state's courts beside English: which language a
// state's courts use, and each language's text filled from the facts, in its script, with every
// offence S.479 can apply to named.
import { describe, expect, it } from 'vitest';
import { OFFENCES } from '#shared/offences.ts';
import { APPLICATION_LANGUAGES, applicationText, courtLanguageOf, type ApplicationFacts } from './application-text.ts';

const FACTS: ApplicationFacts = {
  prisonerName: 'Ravi Kumar',
  prison: 'Yerwada Central Jail',
  court: 'Chief Judicial Magistrate, Pune',
  cnr: 'MHPU010012342024',
  caseNumber: 'FIR-0421/2024',
  custodySince: '2025-01-01',
  offences: [{ code: 'theft', label: null, maxMonths: 36, life: false, death: false }],
  firstOffence: true,
  fraction: '1/3',
  eligibleOn: '2026-01-01',
  maximumEndsOn: '2028-01-01',
  delayByAccusedDays: 4,
  today: '2026-02-10',
};
const SCRIPT: Record<(typeof APPLICATION_LANGUAGES)[number], RegExp> = {
  en: /^[\x20-\x7E·—’]+$/,
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  bn: /[\u0980-\u09FF]/,
  pa: /[\u0A00-\u0A7F]/,
  or: /[\u0B00-\u0B7F]/,
  ur: /[\u0600-\u06FF]/,
  gu: /[\u0A80-\u0AFF]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  kn: /[\u0C80-\u0CFF]/,
};
const all = (t: ReturnType<typeof applicationText>) => [t.to, t.subject, t.reference, ...t.paragraphs, t.prayer, t.place, t.signature];

describe('the language of the state’s courts', () => {
  it('is the state’s language where the app speaks it, Urdu for Jammu and Kashmir, Hindi otherwise', () => {
    expect(courtLanguageOf('UP')).toBe('hi');
    expect(courtLanguageOf('MH')).toBe('mr');
    expect(courtLanguageOf('WB')).toBe('bn');
    expect(courtLanguageOf('PB')).toBe('pa');
    expect(courtLanguageOf('OD')).toBe('or');
    expect(courtLanguageOf('JK')).toBe('ur');
    expect(courtLanguageOf('GJ')).toBe('gu');
    expect(courtLanguageOf('TN')).toBe('ta');
    expect(courtLanguageOf('TG')).toBe('te');
    expect(courtLanguageOf('KA')).toBe('kn');
    expect(courtLanguageOf('KL')).toBe('hi');
    expect(courtLanguageOf(null)).toBe('hi');
  });
});

describe.each(APPLICATION_LANGUAGES)('%s', (lang) => {
  it('carries the facts (name, prison, court, CNR, case number, the sections, the dates in the language) in its script', () => {
    const text = applicationText(lang, FACTS);
    const joined = all(text).join('\n');
    for (const fact of ['Ravi Kumar', 'Yerwada Central Jail', 'Chief Judicial Magistrate, Pune', 'MHPU010012342024', 'FIR-0421/2024'])
      expect(joined, `${lang} ${fact}`).toContain(fact);
    expect(joined).toContain('479(3)');
    expect(joined).toContain('BNS 303(2) (IPC 379)');
    const locale = { en: 'en-IN', ur: 'ur-IN' }[lang as string] ?? `${lang}-IN`;
    const day = (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    for (const iso of [FACTS.custodySince, FACTS.eligibleOn, FACTS.maximumEndsOn, FACTS.today]) expect(joined, iso).toContain(day(iso));
    for (const line of all(text)) {
      expect(line, lang).toMatch(SCRIPT[lang]);
      expect(line).not.toMatch(/undefined|\{\{|\$\{/);
    }
    // The first-offence sentence only when it is one; bond for one third, bail for one half.
    expect(applicationText(lang, { ...FACTS, firstOffence: false }).paragraphs[1]).not.toBe(text.paragraphs[1]);
    expect(applicationText(lang, { ...FACTS, fraction: '1/2' }).paragraphs[2]).not.toBe(text.paragraphs[2]);
  });

  it('names every offence S.479 can apply to (those without life or death) in the language', () => {
    const english = applicationText('en', FACTS);
    for (const o of OFFENCES.filter((x) => !x.life && !x.death)) {
      const text = applicationText(lang, {
        ...FACTS,
        offences: [{ code: o.id, label: null, maxMonths: o.maxMonths, life: false, death: false }],
      });
      expect(text.paragraphs[0], `${lang} ${o.id}`).not.toContain(`: ${o.id},`);
      if (lang !== 'en') expect(text.paragraphs[0]).not.toBe(english.paragraphs[0]);
    }
  });
});
