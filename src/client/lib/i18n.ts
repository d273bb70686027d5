// react-i18next with one JSON file per language and namespace (locales/<lang>/<ns>.json),
// loaded on demand so a page downloads only the texts it shows.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { LANGUAGE_INFO, LANGUAGES, isLanguage, languageDir, type Language } from '#shared/languages.ts';
import { LANGUAGE_COOKIE, SESSION_SCRIPT_ID } from '#shared/first-screens.ts';
import { loadScriptFont } from './script-fonts.ts';
import enAccounts from '../locales/en/accounts.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';

export const LANGUAGE_STORAGE_KEY = 'rihaai.language';

/** Each language's name in itself, from the one list (src/shared/languages.ts). */
export const LANGUAGE_NAMES = Object.fromEntries(LANGUAGES.map((l) => [l, LANGUAGE_INFO[l].name])) as Record<Language, string>;

type LanguageFiles = Record<string, { default: Record<string, string> }>;
/**
 * One chunk per language with all its namespaces: a page's texts cost one request, not one per component.
 * A language's chunk file (locales/<code>.ts) is written last, once all its texts are there: a listed
 * language without it is neither offered nor loaded (src/shared/languages.ts).
 */
const languageChunks = import.meta.glob<{ default: LanguageFiles }>('../locales/*.ts');
/** The listed languages whose texts are all there, in the menu's order. */
export const SPOKEN_LANGUAGES: readonly Language[] = LANGUAGES.filter((l) => `../locales/${l}.ts` in languageChunks);
const languageLoads = new Map<string, Promise<LanguageFiles>>();

/** Starts downloading the current language's texts (a signed-in screen needs more than the sign-in screen's). */
export function preloadLanguageTexts() {
  void languageFiles(i18n.language || 'en').catch(() => undefined);
}

function languageFiles(lng: string): Promise<LanguageFiles> {
  let load = languageLoads.get(lng);
  if (!load) {
    const chunk = languageChunks[`../locales/${lng}.ts`];
    load = chunk ? chunk().then((m) => m.default) : Promise.resolve({});
    // A failed download (a network blip) is tried again the next time, not remembered.
    load.catch(() => languageLoads.delete(lng));
    languageLoads.set(lng, load);
  }
  return load;
}

/**
 * What the sign-in screen shows, in the language most people open it in, ships with the app (about
 * 3 KB gzip): it draws without waiting for a text file. Other languages fetch the same namespaces at
 * start, together, rather than one after another as each component asks for its own.
 */
const FIRST_SCREEN_NAMESPACES = ['common', 'accounts', 'errors'];
const BUNDLED = { en: { common: enCommon, accounts: enAccounts, errors: enErrors } };

const asLanguage = (v: string | null | undefined) => (isLanguage(v) && SPOKEN_LANGUAGES.includes(v) ? v : undefined);

/**
 * Keeps the choice in the cookie the server reads to draw a signed-in home in the page in it
 * (src/server/lib/first-screen.ts). Written, never read here: Chromium reports every use of
 * document.cookie as a performance issue, so the asynchronous Cookie Store is used where there is one.
 */
function setLanguageCookie(lang: Language) {
  if (typeof document === 'undefined') return;
  const store = (globalThis as { cookieStore?: { set(o: object): Promise<void> } }).cookieStore;
  if (store) {
    void store
      .set({ name: LANGUAGE_COOKIE, value: lang, path: '/', expires: Date.now() + 365 * 86_400_000, sameSite: 'lax' })
      .catch(() => undefined);
  } else {
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  }
}

/** The language chosen in this browser (localStorage). */
export function storedLanguage(): Language | undefined {
  try {
    return asLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function rememberLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only (and in the cookie)
  }
  setLanguageCookie(lang);
}

/** The signed-in account's language, from the session the server put in the page (src/server/lib/first-screen.ts). */
export function accountLanguageInPage(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): Language | undefined {
  try {
    const session = JSON.parse(doc?.getElementById(SESSION_SCRIPT_ID)?.textContent ?? 'null') as { user?: { language?: string } } | null;
    return asLanguage(session?.user?.language);
  } catch {
    return undefined;
  }
}

/**
 * The language the app opens in: the browser's kept choice, else the signed-in account's, else the
 * first of the browser's languages we have, else English. The server draws a signed-in home in the page
 * in the same one (src/server/lib/first-screen.ts screenLanguage).
 */
export function initialLanguage(): Language {
  return storedLanguage() ?? accountLanguageInPage() ?? browserLanguage() ?? 'en';
}

// The cookie follows the choice kept in localStorage (one made before the cookie existed, or a cookie
// lost), so the server draws the next home in it.
{
  const kept = storedLanguage();
  if (kept) setLanguageCookie(kept);
}

/**
 * The first of the browser's languages we have texts for ('hi-IN' → 'hi'), when the person has not
 * chosen one here: a browser set to Hindi opens in Hindi.
 */
export function browserLanguage(preferred: readonly string[] = navigatorLanguages()): Language | undefined {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    const lang = asLanguage(base);
    if (lang) return lang;
  }
  return undefined;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

export const i18nReady = i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend(async (lng: string, ns: string) => {
      // A language in an Indian script gets its texts only once the script's font can draw them.
      const [files] = await Promise.all([languageFiles(lng), loadScriptFont(lng)]);
      return files[`./${lng}/${ns}.json`]?.default ?? {};
    }),
  )
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...SPOKEN_LANGUAGES],
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

/** The page's language and direction (Urdu right to left); Mantine follows `dir` (app/providers.tsx). */
function markDocument(lng: string) {
  document.documentElement.lang = lng;
  document.documentElement.dir = languageDir(lng);
}
i18n.on('languageChanged', markDocument);
// Not when drawn at build time (src/client/first-screen/prerender.tsx), where there is no document.
if (typeof document !== 'undefined') markDocument(i18n.language || 'en');

export { i18n, loadScriptFont };
