// What the page sent for a direct visit carries besides the app's own code: the session it opens
// with, and, for a signed-in person's first screen, its chunks and stylesheets, so the browser asks
// for them with the app's code rather than after it has run (a round trip less on a slow phone
// network). docs/decisions/0020-web-first-screen-in-the-page.md.
import type { User } from '#shared/accounts.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import {
  FIRST_SCREEN_ID,
  FIRST_SCREEN_NAME,
  FIRST_SCREEN_PRERENDERED,
  FIRST_SCREENS,
  PAGE_ANSWERS_SCRIPT_ID,
  SESSION_SCRIPT_ID,
  SIGNED_IN_FRAME_MODULE,
} from '#shared/first-screens.ts';

/** The part of Vite's build manifest (build.manifest) read here. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** What the build drew of each first screen (.vite/first-screens.json, vite.config.ts): `{ [path]: { [language]: html } }`. */
export type DrawnScreens = Record<string, Partial<Record<string, string>>>;

/** Files (relative to the static root) of the given manifest keys and everything they import statically. */
function staticClosure(manifest: ViteManifest, keys: readonly string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
}

/** The first screen at `pathname` when it is this signed-in person's (their role's); otherwise undefined. */
export function firstScreenOf(pathname: string, user: User | null) {
  const screen = Object.hasOwn(FIRST_SCREENS, pathname) ? FIRST_SCREENS[pathname] : undefined;
  return user && screen && screen.role === user.role ? screen : undefined;
}

/**
 * The language a signed-in screen will most likely show, whose texts are named in the page: the
 * account's, else the first of the browser's (Accept-Language) that the app has, else English, as the
 * client chooses when the browser holds no choice of its own (src/client/lib/i18n.ts). A choice kept
 * in the browser that differs costs one unused download.
 */
export function screenLanguage(user: User, acceptLanguage = '', chosen?: string): Language {
  const kept = browserChoice(chosen);
  if (kept) return kept;
  if (user.language) return user.language;
  const ranked = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { base } of ranked) if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  return 'en';
}

/** The language choice the browser keeps (the app's LANGUAGE_COOKIE, written beside localStorage), if it reads as one. */
export function browserChoice(cookie: string | undefined): Language | undefined {
  return (LANGUAGES as readonly string[]).includes(cookie ?? '') ? (cookie as Language) : undefined;
}

const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The first screen drawn at build time for this signed-in person's home, in the language the app will
 * open in (the browser's kept choice, else the account's, else the browser's: screenLanguage, as
 * src/client/lib/i18n.ts initialLanguage decides), with their name in place; undefined when none may be
 * drawn: another path or role, a language drawn only by the app (Hindi), or a read the screen waits for
 * that did not answer 200 (the app steers elsewhere).
 */
export function drawnFirstScreen(
  drawn: DrawnScreens,
  pathname: string,
  user: User | null,
  answers: Record<string, PageAnswer>,
  acceptLanguage?: string,
  chosen?: string,
): { html: string; language: Language } | undefined {
  const screen = firstScreenOf(pathname, user);
  if (!screen || !user) return undefined;
  const language = screenLanguage(user, acceptLanguage, chosen);
  if (!FIRST_SCREEN_PRERENDERED.includes(language)) return undefined;
  if (screen.data.some((url) => answers[url]?.status !== 200)) return undefined;
  const page = Object.hasOwn(drawn, pathname) ? drawn[pathname]?.[language] : undefined;
  if (!page) return undefined;
  return { html: page.split(FIRST_SCREEN_NAME).join(html(user.name)), language };
}

/** An API answer carried in the page, replayed by the client as if fetched. */
export type PageAnswer = { status: number; body: unknown };

/**
 * The chunks and stylesheets of a signed-in person's first screen at `pathname` that the page does not
 * already load (the entry's own are in index.html); none for another path, no one signed in, or a
 * screen of another role (the app sends that person to their own home).
 */
export function firstScreenFiles(
  manifest: ViteManifest,
  pathname: string,
  user: User | null,
  acceptLanguage?: string,
  chosen?: string,
): { scripts: string[]; styles: string[] } {
  const screen = firstScreenOf(pathname, user);
  if (!screen || !user) return { scripts: [], styles: [] };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = staticClosure(manifest, entries);
  const texts = `locales/${screenLanguage(user, acceptLanguage, chosen)}.ts`;
  const wanted = staticClosure(manifest, [SIGNED_IN_FRAME_MODULE, screen.module, texts]);
  return {
    scripts: [...wanted.scripts].filter((f) => !loaded.scripts.has(f)),
    styles: [...wanted.styles].filter((f) => !loaded.styles.has(f)),
  };
}

/** JSON that cannot end the script element it sits in or open another ("</script>", "<!--"). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the session (`{ user }`, what GET /api/auth/session answers; a data block, not a
 * script, so the CSP is untouched), the first screen's files and its API answers added to its head,
 * and, when the build drew it (`drawn`), the first screen itself before the app's root, which stays
 * hidden until the app has drawn the same screen and removes this one (src/client/first-screen).
 */
export function pageFor(
  indexHtml: string,
  manifest: ViteManifest,
  pathname: string,
  user: User | null | undefined,
  answers: Record<string, PageAnswer> = {},
  acceptLanguage?: string,
  chosen?: string,
  drawn: DrawnScreens = {},
): string {
  const { scripts, styles } = firstScreenFiles(manifest, pathname, user ?? null, acceptLanguage, chosen);
  const screen = drawnFirstScreen(drawn, pathname, user ?? null, answers, acceptLanguage, chosen);
  const head = [
    ...styles.map((f) => `<link rel="stylesheet" crossorigin href="/${attr(f)}">`),
    // A drawn home paints with its stylesheets alone; its chunks are left to the app's code
    // (preloadFirstPage), so they do not share a slow network with what the first paint waits for.
    ...(screen ? [] : scripts).map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
    // undefined: the session could not be looked up; the client then asks the API.
    ...(user === undefined ? [] : [`<script type="application/json" id="${SESSION_SCRIPT_ID}">${jsonForScript({ user })}</script>`]),
    ...(Object.keys(answers).length
      ? [`<script type="application/json" id="${PAGE_ANSWERS_SCRIPT_ID}">${jsonForScript(answers)}</script>`]
      : []),
    ...(screen ? [`<style>#${FIRST_SCREEN_ID} ~ #root { display: none; }</style>`] : []),
  ].join('\n    ');
  const at = indexHtml.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head>');
  let page = `${indexHtml.slice(0, at)}  ${head}\n  ${indexHtml.slice(at)}`;
  if (screen) {
    const root = page.indexOf('<div id="root">');
    if (root < 0) throw new Error('index.html has no <div id="root">');
    page = `${page.slice(0, root)}<div id="${FIRST_SCREEN_ID}" data-lang="${screen.language}">${screen.html}</div>\n    ${page.slice(root)}`;
    page = page.replace(/<html lang="[^"]*"/, `<html lang="${screen.language}"`);
    // The app's code starts once the drawn home has painted (public/after-paint.js).
    page = page.replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, src: string) => `<script type="module" src="/after-paint.js" data-rihaai-entry="${src}"></script>`,
    );
  }
  return page;
}
