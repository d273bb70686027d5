// The breach notices of docs/breach-runbook.md: every language Rihaai speaks has every template, and
// each keeps exactly the English template's placeholders (a translation that drops {contact} would
// send a notice with no one to ask).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/languages.ts';

type Notices = Record<string, { person: { subject: string; body: string }; sms: string }>;
const notices = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../docs/breach-notices/notices.json'), 'utf8')) as Notices;

const placeholders = (text: string) => [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]).sort();

describe('breach notice templates', () => {
  it('exist in exactly the languages Rihaai speaks', () => {
    expect(Object.keys(notices).sort()).toEqual([...LANGUAGES].sort());
  });

  const en = notices.en!;
  it('ask for what the DPDP Rules require an affected person be told', () => {
    expect(placeholders(en.person.body)).toEqual(
      ['consequences', 'contact', 'data', 'date', 'name', 'our_steps', 'what_happened', 'your_steps'].sort(),
    );
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: has every template, each with the English placeholders and no others`, () => {
      const n = notices[lang];
      expect(n, lang).toBeDefined();
      expect(n!.person.subject.trim().length).toBeGreaterThan(5);
      expect(placeholders(n!.person.subject)).toEqual(placeholders(en.person.subject));
      expect(placeholders(n!.person.body)).toEqual(placeholders(en.person.body));
      expect(placeholders(n!.sms)).toEqual(placeholders(en.sms));
      if (lang !== 'en') expect(n!.person.body).not.toEqual(en.person.body);
    });
  }
});
