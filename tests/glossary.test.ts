// One word per legal term in each Indian language (src/shared/glossary/<code>.json, the terms and
// how English writes them in terms.json; docs/decisions/0042-one-language-list.md): wherever an
// English text uses a term, the language's text uses the glossary's word or one of its listed forms
// (inflections, spellings). Checked over the screens, the emails and notices, the assistant's answers, and
// the printed papers: the S.479(3) application and the three bail papers, in each court language.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_INFO, LANGUAGES } from '#shared/languages.ts';
import terms from '#shared/glossary/terms.json' with { type: 'json' };
import { BAIL_PAPERS, type BailPapers } from '#shared/bail-money-route.ts';
import {
  APPLICATION_LANGUAGES,
  applicationText,
  type ApplicationFacts,
  type ApplicationLanguage,
} from '#client/features/cases/application-text.ts';
import { bailPaperText } from '#client/features/cases/bail-paper-text.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const readJson = (file: string): unknown => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

type Topic = { answer: string; answerByRole?: Record<string, string> };

/** Every text of a language, named `<file>:<key>`. */
function textsOf(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  const client = path.join(ROOT, 'src/client/locales', lang);
  for (const f of fs.existsSync(client) ? fs.readdirSync(client) : []) {
    if (!f.endsWith('.json')) continue;
    for (const [k, v] of Object.entries(readJson(path.join(client, f)) as Record<string, string>)) out.set(`${f}:${k}`, v);
  }
  const server = readJson(path.join(ROOT, 'src/server/locales', lang, 'emails.json')) as Record<string, string> | undefined;
  for (const [k, v] of Object.entries(server ?? {})) out.set(`emails:${k}`, v);
  const kb = readJson(path.join(ROOT, 'src/client/features/assistant/knowledge', `${lang}.json`)) as
    { topics: Record<string, Topic> } | undefined;
  for (const [id, topic] of Object.entries(kb?.topics ?? {})) {
    out.set(`knowledge:${id}.answer`, topic.answer);
    for (const [role, answer] of Object.entries(topic.answerByRole ?? {})) out.set(`knowledge:${id}.${role}`, answer);
  }
  if (isApplicationLanguage(lang)) for (const [k, v] of printedPapers(lang)) out.set(k, v);
  return out;
}

const isApplicationLanguage = (lang: string): lang is ApplicationLanguage => (APPLICATION_LANGUAGES as readonly string[]).includes(lang);

/**
 * Every line of the printed papers, named `paper:<paper> <variant>:<line>`, filled with facts whose
 * values name no term (a court called "Pune", a prison "Yerwada"), so only the paper's own words are checked.
 */
function printedPapers(lang: ApplicationLanguage): Map<string, string> {
  const out = new Map<string, string>();
  const put = (paper: string, text: object) => {
    for (const [line, value] of Object.entries(text) as [string, string | string[]][])
      (Array.isArray(value) ? value : [value]).forEach((v, i) => out.set(`paper:${paper}:${line}${Array.isArray(value) ? i + 1 : ''}`, v));
  };
  for (const [fraction, firstOffence] of [
    ['1/2', true],
    ['1/3', false],
  ] as const)
    put(`application ${fraction}`, applicationText(lang, { ...APPLICATION_FACTS, fraction, firstOffence }));
  for (const kind of BAIL_PAPERS)
    for (const fundCanHelp of [true, false])
      put(
        `${kind} fund=${fundCanHelp}`,
        bailPaperText(kind, lang, { papers: PAPERS, fundCanHelp, personalBond: true, bailable: true, today: '2026-03-10' }),
      );
  return out;
}

const APPLICATION_FACTS: Omit<ApplicationFacts, 'fraction' | 'firstOffence'> = {
  prisonerName: 'Ramesh',
  prison: 'Yerwada',
  court: 'Pune',
  cnr: 'MHPU010012342026',
  caseNumber: 'SC-42/2026',
  custodySince: '2026-01-20',
  offences: [{ code: 'hurt', label: null, maxMonths: 12, life: false, death: false }],
  eligibleOn: '2026-05-20',
  maximumEndsOn: '2027-01-20',
  delayByAccusedDays: 3,
  today: '2026-06-01',
};

const PAPERS: BailPapers = {
  caseId: '00000000-0000-4000-8000-000000000001',
  caseNumber: 'SC-42/2026',
  prisonerName: 'Ramesh',
  familyName: 'Kamla',
  court: 'Pune',
  cnr: null,
  custodySince: '2026-01-20',
  offences: [],
  bailGrantedOn: '2026-03-01',
  bailFurnishedOn: null,
  releasedOn: null,
  order: { court: 'Pune', bondAmount: 20000, sureties: 2, suretyAmount: 15000, conditions: null },
  fund: { dlsaInformedOn: null, dlsaRecommendedOn: null, committeeDecidedOn: null },
  prison: { name: 'Yerwada', state: 'MH', district: 'Pune', dlsaName: '', dlsaAddress: '', dlsaPhone: '' },
  can: [],
};

const TERMS = Object.entries(terms as Record<string, string>).map(([term, pattern]) => ({ term, pattern: new RegExp(pattern, 'i') }));
/** What English says outside its {{placeholders}} ("{{lawyer}} accepted" names no lawyer). */
const prose = (s: string) => s.replace(/\{\{[^}]*\}\}/g, '');
const english = textsOf('en');
const INDIAN = LANGUAGES.filter((l) => LANGUAGE_INFO[l].script !== 'Latn');

describe('glossary of legal terms', () => {
  it('English uses the terms it fixes', () => {
    for (const { term, pattern } of TERMS)
      expect(
        [...english.values()].some((v) => pattern.test(prose(v))),
        term,
      ).toBe(true);
  });

  for (const lang of INDIAN) {
    const file = path.join(ROOT, 'src/shared/glossary', `${lang}.json`);
    const glossary = readJson(file) as Record<string, string[]> | undefined;

    it(`${lang}: has a word for every term, written in its script (acronyms and section numbers aside)`, () => {
      expect(glossary, `missing src/shared/glossary/${lang}.json`).toBeDefined();
      expect(Object.keys(glossary!).sort()).toEqual(TERMS.map((t) => t.term).sort());
      const script = new RegExp(`\\p{Script=${LANGUAGE_INFO[lang].script}}`, 'u');
      for (const [term, forms] of Object.entries(glossary!)) {
        expect(forms.length, term).toBeGreaterThan(0);
        expect(
          forms.some((f) => script.test(f) || /^[A-Z0-9.]+$/.test(f)),
          `${lang} ${term}`,
        ).toBe(true);
      }
    });

    it(`${lang}: every text whose English uses a term uses the glossary's word`, () => {
      const texts = textsOf(lang);
      const off: string[] = [];
      for (const { term, pattern } of TERMS) {
        const forms = glossary?.[term] ?? [];
        for (const [key, en] of english) {
          const value = texts.get(key);
          if (value === undefined || !pattern.test(prose(en))) continue;
          if (!forms.some((f) => value.includes(f))) off.push(`${term} — ${key}: ${value}`);
        }
      }
      expect(off, `${lang} texts that translate a term with another word than src/shared/glossary/${lang}.json`).toEqual([]);
    });
  }

  it('the printed papers are checked: every paper, in English and in each court language, line by line', () => {
    const printed = [...english].filter(([k, v]) => k.startsWith('paper:') && v !== '').map(([k]) => k);
    for (const paper of ['application', ...BAIL_PAPERS])
      expect(
        printed.some((k) => k.startsWith(`paper:${paper} `)),
        paper,
      ).toBe(true);
    for (const lang of APPLICATION_LANGUAGES) {
      const texts = textsOf(lang);
      for (const key of printed) expect(texts.get(key), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('the check can fail: a Hindi text without the word for bail is caught', () => {
    const forms = (readJson(path.join(ROOT, 'src/shared/glossary/hi.json')) as Record<string, string[]>).bail!;
    const bail = TERMS.find((t) => t.term === 'bail')!.pattern;
    expect(bail.test('Upload bail paper')).toBe(true);
    expect(forms.some((f) => 'ज़मानत का कागज़ अपलोड करें'.includes(f))).toBe(true);
    expect(forms.some((f) => 'रिहाई का कागज़ अपलोड करें'.includes(f))).toBe(false);
  });
});
