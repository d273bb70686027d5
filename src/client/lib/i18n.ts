// react-i18next with one JSON file per language and namespace (locales/<lang>/<ns>.json),
// loaded on demand so a page downloads only the texts it shows.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import enAccounts from '../locales/en/accounts.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';

export const LANGUAGE_STORAGE_KEY = 'rihaai.language';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

const loaders = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*/*.json',
  // Bundled below.
  '!../locales/en/{common,accounts,errors}.json',
]);

/**
 * What the sign-in screen shows, in the language most people open it in, ships with the app (about
 * 3 KB gzip): it draws without waiting for a text file. Other languages fetch the same namespaces at
 * start, together, rather than one after another as each component asks for its own.
 */
const FIRST_SCREEN_NAMESPACES = ['common', 'accounts', 'errors'];
const BUNDLED = { en: { common: enCommon, accounts: enAccounts, errors: enErrors } };

export function storedLanguage(): Language | undefined {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/**
 * The first of the browser's languages we have texts for ('hi-IN' → 'hi'), when the person has not
 * chosen one here: a browser set to Hindi opens in Hindi.
 */
export function browserLanguage(preferred: readonly string[] = navigatorLanguages()): Language | undefined {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return undefined;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** Languages written in Devanagari: the app serves its own font for them, loaded only when shown. */
const DEVANAGARI: readonly string[] = ['hi'];
/** A font that does not arrive in this time is not waited for: the text shows in whatever the device has. */
const FONT_WAIT_MS = 3000;
let devanagariFont: Promise<void> | undefined;

/**
 * Loads the app's Devanagari font (both weights the screens use; 500 and 600 draw with 400 and 700)
 * and resolves once it can draw, or after FONT_WAIT_MS. Devanagari text must not be drawn before
 * this: Chromium keeps the fallback font (tofu boxes here) it picked for text shaped before the
 * @font-face rules arrived, even after the font loads, so the texts wait for it
 * (docs/decisions/0014-devanagari-font-before-text.md).
 */
export function loadScriptFont(lng: string): Promise<void> {
  if (!DEVANAGARI.includes(lng)) return Promise.resolve();
  devanagariFont ??= Promise.race([
    Promise.all([
      import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
      import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
    ])
      .then(() => Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क'))))
      .then(
        () => undefined,
        () => undefined,
      ),
    new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
  ]);
  return devanagariFont;
}

export const i18nReady = i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend(async (lng: string, ns: string) => {
      const load = loaders[`../locales/${lng}/${ns}.json`];
      if (!load) return {};
      // A Devanagari language's texts are handed over only once its font can draw them.
      const [texts] = await Promise.all([load(), loadScriptFont(lng)]);
      return texts.default;
    }),
  )
  .init({
    lng: storedLanguage() ?? browserLanguage() ?? 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    resources: BUNDLED,
    partialBundledLanguages: true,
    ns: FIRST_SCREEN_NAMESPACES,
    defaultNS: 'common',
    // Flat keys; English texts of docs/spec.md#8-error-catalogue may contain '.' and ':'.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language || 'en';

export { i18n };
