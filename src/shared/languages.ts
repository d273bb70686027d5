// The languages Rihaai speaks: the one list that the language menu, the server's validation, emails
// and notices, dates and numbers, and the on-demand loading of texts all read
// (docs/decisions/0042-one-language-list.md). No zod and nothing else imported: the sign-in screen
// reads it.
//
// HOW TO ADD A LANGUAGE (say Punjabi, 'pa'; its entry in LANGUAGE_INFO below already exists):
//   1. Translate every English file into the same layout, keeping each key and {{placeholder}}:
//        src/client/locales/en/<namespace>.json       → src/client/locales/pa/<namespace>.json (every namespace)
//        src/server/locales/en/emails.json            → src/server/locales/pa/emails.json
//        src/client/features/assistant/knowledge/en.json → knowledge/pa.json ("language": "pa",
//          its own stopWords; optionally word endings in assistant-search.ts SUFFIXES)
//        src/shared/glossary/en.json's terms          → src/shared/glossary/pa.json (the fixed legal words)
//   2. Last, once every file above is complete, create src/client/locales/pa.ts with the one line the
//      other <code>.ts files hold (with 'pa' in its path). Until that file exists the browser neither
//      offers nor loads the language.
//   3. Add 'pa' to LANGUAGES below (its place there is its place in the menu).
//   4. Run `npx vitest run tests/i18n.test.ts tests/i18n-server.test.ts tests/glossary.test.ts
//      src/client/features/assistant/assistant-search.test.ts`: they fail on any missing file or key,
//      an untranslated text (not in the language's script), a lost {{placeholder}} or a glossary term
//      translated with another word.
// Nothing else needs editing: the server reads src/server/locales/<code>/emails.json for every code
// listed, and the users' language column is plain text checked by LanguageSchema (src/shared/enums.ts).

export type ScriptCode = 'Latn' | 'Deva' | 'Beng' | 'Guru' | 'Orya' | 'Arab' | 'Gujr' | 'Taml' | 'Telu' | 'Knda';

export interface LanguageInfo {
  /** The language's name in itself, as the menu shows it. */
  readonly name: string;
  /** Its English name (decision records, tests, the lead's reports). */
  readonly english: string;
  /** ISO 15924 code of the script its texts are written in (tests check the texts use it). */
  readonly script: ScriptCode;
  readonly dir: 'ltr' | 'rtl';
  /** The BCP 47 tag handed to Intl for dates and numbers. */
  readonly locale: string;
}

/** Every language Rihaai knows about, spoken yet or not. */
export const LANGUAGE_INFO = {
  en: { name: 'English', english: 'English', script: 'Latn', dir: 'ltr', locale: 'en-IN' },
  hi: { name: 'हिन्दी', english: 'Hindi', script: 'Deva', dir: 'ltr', locale: 'hi-IN' },
  mr: { name: 'मराठी', english: 'Marathi', script: 'Deva', dir: 'ltr', locale: 'mr-IN' },
  bn: { name: 'বাংলা', english: 'Bengali', script: 'Beng', dir: 'ltr', locale: 'bn-IN' },
  pa: { name: 'ਪੰਜਾਬੀ', english: 'Punjabi', script: 'Guru', dir: 'ltr', locale: 'pa-IN' },
  or: { name: 'ଓଡ଼ିଆ', english: 'Odia', script: 'Orya', dir: 'ltr', locale: 'or-IN' },
  ur: { name: 'اردو', english: 'Urdu', script: 'Arab', dir: 'rtl', locale: 'ur-IN' },
  gu: { name: 'ગુજરાતી', english: 'Gujarati', script: 'Gujr', dir: 'ltr', locale: 'gu-IN' },
  ta: { name: 'தமிழ்', english: 'Tamil', script: 'Taml', dir: 'ltr', locale: 'ta-IN' },
  te: { name: 'తెలుగు', english: 'Telugu', script: 'Telu', dir: 'ltr', locale: 'te-IN' },
  kn: { name: 'ಕನ್ನಡ', english: 'Kannada', script: 'Knda', dir: 'ltr', locale: 'kn-IN' },
  es: { name: 'Español', english: 'Spanish', script: 'Latn', dir: 'ltr', locale: 'es' },
  fr: { name: 'Français', english: 'French', script: 'Latn', dir: 'ltr', locale: 'fr' },
  de: { name: 'Deutsch', english: 'German', script: 'Latn', dir: 'ltr', locale: 'de' },
} as const satisfies Record<string, LanguageInfo>;
export type KnownLanguage = keyof typeof LANGUAGE_INFO;

/** The languages Rihaai speaks, in the menu's order: add a code only when its files are complete (above). */
export const LANGUAGES = [
  'en',
  'hi',
  'mr',
  'bn',
  'pa',
  'or',
  'ur',
  'gu',
  'ta',
  'te',
  'kn',
  'es',
  'fr',
  'de',
] as const satisfies readonly KnownLanguage[];
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

export const languageInfo = (lang: Language): LanguageInfo => LANGUAGE_INFO[lang];

/** 'rtl' for a language written right to left (Urdu), else 'ltr'. */
export const languageDir = (lang: string): 'ltr' | 'rtl' =>
  Object.hasOwn(LANGUAGE_INFO, lang) ? LANGUAGE_INFO[lang as KnownLanguage].dir : 'ltr';

/** The tag Intl formats dates and numbers with ('mr' → 'mr-IN'). */
export const localeTag = (lang: string): string =>
  Object.hasOwn(LANGUAGE_INFO, lang) ? LANGUAGE_INFO[lang as KnownLanguage].locale : 'en-IN';
