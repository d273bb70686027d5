// The release explanation worded for who reads it, in all 14 languages with the real translations:
// the family's plain words, the prisoner named first (or "your family member" when the record has no
// name), and advice; the lawyer's and the jail's professional wording, the prisoner named (or "the
// undertrial"), their own next step, no family advice.
import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { assessCase, EMPTY_FACTS, type CaseFacts } from '#shared/cases.ts';
import { OTHER_OFFENCE } from '#shared/offences.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { audienceOf, explanationLines, nextSteps, releasedText, spokenText, type Audience } from './release-wording.ts';

function translator(lang: Language): TFunction<'release'> {
  const release = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lang}/release.json`), 'utf8'));
  const i18n = createInstance();
  void i18n.init({ lng: lang, resources: { [lang]: { release } }, ns: ['release'], defaultNS: 'release', initAsync: false });
  return i18n.getFixedT(lang, 'release');
}

const TODAY = '2026-09-20';
const day = (iso: string) => iso;
/** A first offence with a 3-year maximum, in custody since 1 January 2025 and no charge-sheet: S.479 (one third) and default bail are both due. */
const FACTS: CaseFacts = {
  ...EMPTY_FACTS,
  prisonerName: 'रमेश कुमार',
  custodySince: '2025-01-01',
  offences: [{ code: OTHER_OFFENCE, label: 'Theft', maxMonths: 36, life: false, death: false }],
  firstOffence: true,
};
const lines = (t: TFunction<'release'>, facts: CaseFacts, audience: Audience, today = TODAY) =>
  explanationLines(t, day, facts, assessCase(facts, today)!, today, audience);

describe('who reads which wording', () => {
  it('the family member (and a page before the session is known) reads the family wording; the jail its own; the others the lawyer’s', () => {
    expect(audienceOf(undefined)).toBe('family');
    expect(audienceOf('Family-Member')).toBe('family');
    expect(audienceOf('Jail-Authority')).toBe('jail');
    expect(audienceOf('Lawyer')).toBe('lawyer');
    expect(audienceOf('DLSA')).toBe('lawyer');
  });
});

describe('English', () => {
  const t = translator('en');

  it('the family reads the prisoner’s name first and advice to ask the lawyer; the lawyer reads the name, the sections and their own step', () => {
    const family = lines(t, FACTS, 'family').map((l) => l.text);
    expect(family[0]).toBe(
      'रमेश कुमार has the right to be released on bond from 2026-01-01: one third of the maximum sentence for a first offence has been served (Section 479 BNSS). The jail superintendent must apply to the court.',
    );
    expect(family.find((l) => l.includes('default bail'))).toMatch(/^रमेश कुमार has the right to default bail from 2025-03-02/);
    expect(nextSteps(t, 'family').steps).toContain('Ask the lawyer to apply to the court.');

    const lawyer = lines(t, FACTS, 'lawyer').map((l) => l.text);
    expect(lawyer[0]).toBe(
      'As a first-time offender, रमेश कुमार completed one third of the maximum sentence on 2026-01-01: entitled to release on bond under the proviso to Section 479(1) BNSS. The jail superintendent must apply to the court forthwith (Section 479(3)).',
    );
    expect(lawyer.find((l) => l.startsWith('Default bail'))).toContain('रमेश कुमार has an indefeasible right to bail');
    expect(lawyer.join('\n')).not.toMatch(/he or she|ask the lawyer/i);
    expect(nextSteps(t, 'lawyer').steps[0]).toMatch(/^Apply to the court for release under Section 479 BNSS/);
    expect(nextSteps(t, 'jail').steps[0]).toMatch(
      /^Once the date above is reached, apply in writing to the court forthwith under Section 479\(3\)/,
    );
  });

  it('a record without the prisoner’s name says “the undertrial” to the jail and “Your family member” to the family', () => {
    const text = lines(t, { ...FACTS, prisonerName: null }, 'jail')[0]!.text;
    expect(text).toContain('As a first-time offender, the undertrial completed one third');
    const family = lines(t, { ...FACTS, prisonerName: '  ' }, 'family')[0]!.text;
    expect(family).toMatch(/^Your family member has the right to be released on bond from 2026-01-01/);
    expect(releasedText(t, day, '2026-09-01', { ...FACTS, prisonerName: null }, 'family')).toBe(
      'Your family member was released on 2026-09-01. The Section 479 BNSS and default-bail dates no longer apply in this case.',
    );
  });

  it('no family text says “he or she” or “him or her”, in any situation', () => {
    const situations: CaseFacts[] = [
      FACTS,
      { ...FACTS, firstOffence: false },
      { ...FACTS, firstOffence: null },
      { ...FACTS, custodySince: '2026-08-01' },
      { ...FACTS, custodySince: '2026-09-10' },
      { ...FACTS, firstOffence: false, custodySince: '2022-01-01' },
    ];
    const texts = situations.flatMap((f) => lines(t, f, 'family').map((l) => l.text));
    texts.push(releasedText(t, day, '2026-09-01', FACTS, 'family'), t('facts.relation'), t('facts.otherPendingCases'));
    for (const text of texts) expect(text).not.toMatch(/\b(he or she|him or her|his or her)\b/i);
    expect(t('facts.relation')).toBe('Your relation to the person in jail');
  });

  it('past the maximum, and once released, the professional wording names the prisoner too', () => {
    const past = lines(t, { ...FACTS, firstOffence: false, custodySince: '2022-01-01' }, 'lawyer').find((l) => l.key === 'max')!;
    expect(past.text).toBe(
      'The maximum sentence was completed on 2025-01-01: the detention of रमेश कुमार now exceeds the limit of Section 479(1) BNSS. Move the court at once.',
    );
    expect(releasedText(t, day, '2026-09-01', FACTS, 'jail')).toBe(
      'Released on 2026-09-01: the Section 479 BNSS and default-bail dates no longer apply to रमेश कुमार in this case.',
    );
    expect(releasedText(t, day, '2026-09-01', FACTS, 'family')).toBe(
      'रमेश कुमार was released on 2026-09-01. The Section 479 BNSS and default-bail dates no longer apply in this case.',
    );
  });

  it('read aloud: the family hears the helpline, the lawyer hears their step and not the family’s', () => {
    const family = spokenText(t, lines(t, FACTS, 'family'), null, day, FACTS, 'family');
    const lawyer = spokenText(t, lines(t, FACTS, 'lawyer'), null, day, FACTS, 'lawyer');
    expect(family).toContain('1 5 1 0 0');
    expect(family).toContain('Ask the lawyer to apply to the court.');
    expect(family).toContain('रमेश कुमार has the right to be released on bond');
    const unnamed = { ...FACTS, prisonerName: null };
    expect(spokenText(t, lines(t, unnamed, 'family'), null, day, unnamed, 'family')).toContain('Your family member has the right');
    expect(spokenText(t, [], '2026-09-01', day, FACTS, 'family')).toContain('रमेश कुमार was released on 2026-09-01.');
    expect(lawyer).not.toContain('1 5 1 0 0');
    expect(lawyer).not.toContain('Ask the lawyer');
    expect(lawyer).toContain('रमेश कुमार');
  });
});

describe.each(LANGUAGES)('%s', (lang) => {
  const t = translator(lang);
  const keys = (audience: Audience, facts = FACTS) => lines(t, facts, audience);

  it('the lawyer’s and the jail’s wording names the prisoner in every line that speaks of them, and is not the family’s', () => {
    for (const facts of [
      FACTS,
      { ...FACTS, firstOffence: false },
      { ...FACTS, firstOffence: null },
      { ...FACTS, custodySince: '2026-08-01' },
    ]) {
      const family = keys('family', facts);
      const pro = keys('lawyer', facts);
      expect(pro.map((l) => l.key)).toEqual(family.map((l) => l.key));
      for (const [i, line] of pro.entries()) {
        if (!['s479', 'first', 'bail'].includes(line.key) || line.text === family[i]!.text) continue;
        expect(line.text, `${lang} ${line.key}`).toContain('रमेश कुमार');
      }
      const s479 = pro.find((l) => l.key === 's479')!;
      expect(s479.text, lang).not.toBe(family.find((l) => l.key === 's479')!.text);
      expect(s479.text, lang).toContain('रमेश कुमार');
    }
    expect(releasedText(t, day, '2026-09-01', FACTS, 'lawyer')).toContain('रमेश कुमार');
    expect(keys('jail', { ...FACTS, prisonerName: null })[0]!.text).toContain(t('pro.undertrial'));
  });

  it('the family’s wording names the prisoner first in every line that speaks of them (or “your family member”), and is read aloud with the name', () => {
    const someone = t('someone');
    expect(someone, lang).not.toMatch(/\{\{|^someone$/);
    if (lang !== 'en') expect(someone, lang).not.toBe('Your family member');
    for (const facts of [
      FACTS,
      { ...FACTS, firstOffence: false },
      { ...FACTS, firstOffence: null },
      { ...FACTS, custodySince: '2026-08-01' },
    ]) {
      const family = keys('family', facts);
      const named = family.filter((l) => l.text.includes('रमेश कुमार'));
      // The S.479 line, and the default-bail line while bail is due or still to come.
      expect(
        named.map((l) => l.key),
        lang,
      ).toContain('s479');
      for (const line of named) expect(line.text.startsWith('रमेश कुमार'), `${lang} ${line.key}: ${line.text}`).toBe(true);
      for (const key of ['s479', 'bail']) {
        const line = family.find((l) => l.key === key);
        if (line && line.strong) expect(line.text, `${lang} ${key}`).toContain('रमेश कुमार');
      }
      const unnamed = { ...facts, prisonerName: null };
      expect(keys('family', unnamed)[0]!.text.startsWith(someone), `${lang} unnamed`).toBe(true);
      expect(spokenText(t, family, null, day, facts, 'family'), lang).toContain(family[0]!.text);
    }
    const released = releasedText(t, day, '2026-09-01', FACTS, 'family');
    expect(released.startsWith('रमेश कुमार'), lang).toBe(true);
    expect(released, lang).toContain('2026-09-01');
    expect(releasedText(t, day, '2026-09-01', { ...FACTS, prisonerName: null }, 'family').startsWith(someone), lang).toBe(true);
    expect(spokenText(t, [], '2026-09-01', day, FACTS, 'family'), lang).toContain(released);
  });

  it('the facts form’s family labels speak of the person without a pronoun, and do not hold the name field’s label (a label finds one field)', () => {
    for (const key of ['facts.relation', 'facts.otherPendingCases']) {
      const label = t(key).toLowerCase();
      expect(label, `${lang} ${key}`).not.toContain(t('facts.prisonerName').toLowerCase());
      expect(label, `${lang} ${key}`).not.toMatch(/him or her|he or she/);
    }
  });

  it('each role has its own next step; the professional steps are not the family’s', () => {
    const family = nextSteps(t, 'family');
    const lawyer = nextSteps(t, 'lawyer');
    const jail = nextSteps(t, 'jail');
    expect(lawyer.steps[0]).not.toBe(jail.steps[0]);
    for (const step of [...lawyer.steps, ...jail.steps]) expect(family.steps).not.toContain(step);
    for (const text of [lawyer.title, ...lawyer.steps, jail.steps[0]!, t('pro.note')]) expect(text, lang).not.toMatch(/\{\{|pro\./);
  });
});

describe('the S.479(2) bar from the cases Rihaai holds', () => {
  it('in every language: another case of the same prisoner on record bars the half and third rule, and says how many', () => {
    for (const lang of LANGUAGES) {
      const t = translator(lang);
      const out = explanationLines(t, day, FACTS, assessCase(FACTS, TODAY, 2)!, TODAY, 'family', 2);
      expect(out.find((l) => l.key === 's479')!.text, lang).toBe(t('s479.barred'));
      const held = out.find((l) => l.key === 'held')!.text;
      expect(held, lang).toContain('2');
      expect(held, lang).not.toBe('s479.barredHeld');
      // With none held, the same facts count one third as before.
      expect(
        lines(t, FACTS, 'family').some((l) => l.key === 'held'),
        lang,
      ).toBe(false);
    }
  });
});
