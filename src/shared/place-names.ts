// Which language has states' and districts' names in its own script (place-names/<language>.ts), and
// loading them one language at a time: each file is ~10 KB gzip, fetched when a screen in that
// language shows a place or when something is typed in that script, never with the sign-in screen.
import type { PlaceNames } from './india-locations.ts';

export const PLACE_NAME_LANGUAGES = ['hi', 'mr', 'bn', 'pa', 'or', 'ur', 'gu', 'ta', 'te', 'kn'] as const;
export type PlaceNameLanguage = (typeof PLACE_NAME_LANGUAGES)[number];

const LOADERS: Record<PlaceNameLanguage, () => Promise<{ PLACE_NAMES: PlaceNames }>> = {
  hi: () => import('./place-names/hi.ts'),
  mr: () => import('./place-names/mr.ts'),
  bn: () => import('./place-names/bn.ts'),
  pa: () => import('./place-names/pa.ts'),
  or: () => import('./place-names/or.ts'),
  ur: () => import('./place-names/ur.ts'),
  gu: () => import('./place-names/gu.ts'),
  ta: () => import('./place-names/ta.ts'),
  te: () => import('./place-names/te.ts'),
  kn: () => import('./place-names/kn.ts'),
};

export function isPlaceNameLanguage(lang: string | undefined): lang is PlaceNameLanguage {
  return (PLACE_NAME_LANGUAGES as readonly string[]).includes(lang ?? '');
}

export async function loadPlaceNames(lang: PlaceNameLanguage): Promise<PlaceNames> {
  return (await LOADERS[lang]()).PLACE_NAMES;
}

/** Unicode block of each script → the languages whose names are written in it. */
const SCRIPTS: readonly [RegExp, readonly PlaceNameLanguage[]][] = [
  [/[\u0900-\u097F]/, ['hi', 'mr']],
  [/[\u0980-\u09FF]/, ['bn']],
  [/[\u0A00-\u0A7F]/, ['pa']],
  [/[\u0A80-\u0AFF]/, ['gu']],
  [/[\u0B00-\u0B7F]/, ['or']],
  [/[\u0B80-\u0BFF]/, ['ta']],
  [/[\u0C00-\u0C7F]/, ['te']],
  [/[\u0C80-\u0CFF]/, ['kn']],
  [/[\u0600-\u06FF]/, ['ur']],
];

/** The languages whose place names are written in the script of what was typed ("प्रयाग": Hindi and Marathi); none for Latin letters. */
export function placeNameLanguagesOfScript(text: string): PlaceNameLanguage[] {
  return SCRIPTS.filter(([re]) => re.test(text)).flatMap(([, langs]) => langs);
}
