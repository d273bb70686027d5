// The status sentence in words, with the real English and Hindi texts: terms marked, names and dates in.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAMILY_NEXT_STEPS, FAMILY_STATUSES, type FamilyStatus } from '#shared/family-status.ts';
import { LANGUAGES } from '#shared/languages.ts';
import { STATUS_TERMS, statusPieces, statusText } from './family-status-text.ts';

function translator(lang: string) {
  const texts = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../locales/${lang}/plain.json`), 'utf8')) as Record<
    string,
    string
  >;
  return (key: string, options: Record<string, unknown> = {}) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`${lang}: no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}
const day = (iso: string) => `[${iso}]`;
const status: FamilyStatus = {
  prisonerName: 'रमेश',
  status: 's479-eligible',
  next: 'lawyer-apply',
  date: '2026-09-15',
  lawyer: 'Adv. Priya',
  caseId: 'c',
  s479On: '2026-09-15',
  defaultBailOn: null,
  bailOverdue: false,
};

describe('status sentence', () => {
  it('Hindi: the name with जी, the date, the step; Section 479 marked as a term', () => {
    const t = translator('hi');
    expect(statusText(t, status, day)).toBe('रमेश जी धारा 479 के तहत [2026-09-15] से रिहाई के हक़दार हैं — वकील से अदालत में रिहाई की अर्ज़ी देने को कहें');
    expect(statusPieces(t, status, day).filter((p) => p.term)).toEqual([{ text: 'धारा 479', term: 's479' }]);
  });

  it('English without a name says "Your family member"; a typed name is never read as markup', () => {
    const t = translator('en');
    expect(statusText(t, { ...status, prisonerName: null }, day)).toMatch(
      /^Your family member has been entitled to release under Section 479 since \[2026-09-15\]/,
    );
    const odd = statusPieces(t, { ...status, prisonerName: '<bail>x</bail>' }, day);
    expect(odd[0]).toEqual({ text: '<bail>x</bail> has been entitled to release under ' });
  });

  it.each(LANGUAGES)('%s: every status and step reads, terms known, no markup left', (lang) => {
    const t = translator(lang);
    for (const s of FAMILY_STATUSES)
      for (const next of FAMILY_NEXT_STEPS) {
        const pieces = statusPieces(t, { ...status, status: s, next }, day);
        expect(pieces.map((p) => p.text).join('')).not.toMatch(/[<>\uE000\uE001]/);
        for (const p of pieces) if (p.term) expect(STATUS_TERMS).toContain(p.term);
      }
    for (const term of STATUS_TERMS) expect(t(`term.${term}`)).toBeTruthy();
  });
});
