// react-i18next with one JSON file per language and namespace (locales/<lang>/<ns>.json),
// loaded on demand so a page downloads only the texts it shows.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { LANGUAGES, type Language } from '#shared/constants.ts';

export const LANGUAGE_STORAGE_KEY = 'rihaai.language';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

const loaders = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json');

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

export const i18nReady = i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend(async (lng: string, ns: string) => {
      const load = loaders[`../locales/${lng}/${ns}.json`];
      if (!load) return {};
      return (await load()).default;
    }),
  )
  .init({
    lng: storedLanguage() ?? 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    // Flat keys; English texts of SPEC §8 may contain '.' and ':'.
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
