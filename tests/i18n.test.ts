// Every English text exists in every language of the list (src/shared/languages.ts), is really
// translated (written in the language's script), and keeps its {{placeholders}} (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong). English is the source: src/client/locales/en/<namespace>.json.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_INFO, LANGUAGES } from '#shared/languages.ts';
import { CLIENT_ERROR_CODES, ERROR_CODES } from '#shared/errors.ts';

const LOCALES = path.resolve(import.meta.dirname, '../src/client/locales');
const OTHERS = LANGUAGES.filter((l) => l !== 'en');

/**
 * Values that may stay as in English. Keep this list short: names, and words that are the same
 * in that language (true cognates). Numbers, e-mail addresses, URLs and texts made only of
 * {{placeholders}} and punctuation are always allowed.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  all: ['Rihaai', 'OK', 'NGO', 'NGOs', 'PDF', ...Object.values(LANGUAGE_INFO).map((l) => l.name)],
  hi: [],
  es: [],
  fr: ['Message', 'Contact', 'Type', 'Dashboard', 'District'],
  de: ['Name', 'Dashboard', 'Status', 'Details', 'Team', 'Hotline', 'Support'],
};

const namespaces = fs
  .readdirSync(path.join(LOCALES, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

function read(lang: string, ns: string): Record<string, unknown> | undefined {
  const file = path.join(LOCALES, lang, `${ns}.json`);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** Letters of the language's script (for the Indian languages; Latin ones are checked against English). */
const scriptOf = (lang: (typeof LANGUAGES)[number]) => {
  const code = LANGUAGE_INFO[lang].script;
  return code === 'Latn' ? undefined : new RegExp(`\\p{Script=${code}}`, 'u');
};

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const allowedAsIs = (lang: string, value: string) =>
  !/\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, '')) ||
  /^[^\s@]+@[^\s@]+$/.test(value) ||
  /^https?:\/\//.test(value) ||
  SAME_AS_ENGLISH.all!.includes(value) ||
  (SAME_AS_ENGLISH[lang] ?? []).includes(value);

describe('error codes', () => {
  it('errors.json has a text for exactly the codes in src/shared/errors.ts', () => {
    // Besides one text per code, errors.json holds field messages (sentences) and validation rules (`validation.*`).
    const keys = Object.keys(read('en', 'errors') ?? {})
      .filter((k) => /^[a-z_]+$/.test(k))
      .sort();
    expect(keys).toEqual([...ERROR_CODES, ...CLIENT_ERROR_CODES].sort());
  });
});

describe('translations', () => {
  it('has English namespaces to translate', () => {
    expect(namespaces.length).toBeGreaterThan(3);
    expect(namespaces).toContain('common');
  });

  for (const ns of namespaces) {
    const en = read('en', ns)!;
    describe(`${ns}.json`, () => {
      it('English values are non-empty strings', () => {
        for (const [key, value] of Object.entries(en)) {
          expect(typeof value, `en/${ns} ${key}`).toBe('string');
          expect(String(value).trim(), `en/${ns} ${key}`).not.toBe('');
        }
      });

      for (const lang of OTHERS) {
        it(`${lang}: exists with exactly the English keys`, () => {
          const other = read(lang, ns);
          expect(other, `missing file src/client/locales/${lang}/${ns}.json`).toBeDefined();
          const missing = Object.keys(en).filter((k) => !(k in other!));
          const extra = Object.keys(other!).filter((k) => !(k in en));
          expect(missing, `keys missing in ${lang}/${ns}.json`).toEqual([]);
          expect(extra, `keys in ${lang}/${ns}.json that English no longer has`).toEqual([]);
        });

        it(`${lang}: every value is translated and keeps its placeholders`, () => {
          const other = read(lang, ns) ?? {};
          const script = scriptOf(lang);
          const untranslated: string[] = [];
          const broken: string[] = [];
          for (const [key, enValue] of Object.entries(en)) {
            const value = other[key];
            if (typeof value !== 'string' || !value.trim()) {
              untranslated.push(`${key}: (empty)`);
              continue;
            }
            if (value === enValue && !allowedAsIs(lang, value)) untranslated.push(`${key}: ${value}`);
            if (script && /\p{L}/u.test(value) && !script.test(value) && !allowedAsIs(lang, value))
              untranslated.push(`${key}: not in ${LANGUAGE_INFO[lang].script}: ${value}`);
            if (placeholders(value).join() !== placeholders(String(enValue)).join()) broken.push(`${key}: ${value}`);
          }
          expect(untranslated, `${lang}/${ns}.json values left in English`).toEqual([]);
          expect(broken, `${lang}/${ns}.json values whose {{placeholders}} differ from English`).toEqual([]);
        });
      }
    });
  }
});

describe('language chunks (src/client/locales/<code>.ts)', () => {
  const chunk = (lang: string) => path.join(LOCALES, `${lang}.ts`);
  it('every listed language has its chunk, so the browser offers and loads it', () => {
    expect(LANGUAGES.filter((l) => !fs.existsSync(chunk(l)))).toEqual([]);
  });

  it('a chunk exists only once all its texts do: a language being translated is not offered', () => {
    const chunks = fs
      .readdirSync(LOCALES)
      .filter((f) => /^[a-z]{2,3}\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''));
    const incomplete = chunks.filter((lang) => namespaces.some((ns) => !fs.existsSync(path.join(LOCALES, lang, `${ns}.json`))));
    expect(incomplete).toEqual([]);
    for (const lang of chunks) {
      expect(fs.readFileSync(chunk(lang), 'utf8'), `${lang}.ts loads its own directory`).toContain(`'./${lang}/*.json'`);
    }
  });
});
