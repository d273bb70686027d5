import type { Role } from './constants.ts';

// The screens a signed-in person opens the app on (a bookmark, a reload, a link in an email), with
// the client modules that draw them, named as in the build's manifest (relative to src/client). The
// server names their chunks in the page it sends, so the browser fetches them with the app's own
// code instead of one round trip later (docs/decisions/0020-web-first-screen-in-the-page.md).
// The router loads the same modules (src/client/app/router.tsx FIRST_PAGES).

/** The signed-in frame (header, menu, bottom bar) around every signed-in screen. */
export const SIGNED_IN_FRAME_MODULE = 'app/layouts/role-layout.tsx';

/**
 * `data`: the API reads the screen waits for before it draws its content; the server puts their answers
 * in the page too (each answered as that person's own GET would be), and the client's first GET of
 * each takes it from there.
 */
export const FIRST_SCREENS: Readonly<Record<string, { role: Role; module: string; data: readonly string[] }>> = {
  '/family-member': { role: 'Family-Member', module: 'features/family/family-home-page.tsx', data: ['/api/family/registration'] },
  '/lawyer': { role: 'Lawyer', module: 'features/lawyers/lawyer-home-page.tsx', data: ['/api/lawyers/registration'] },
  '/jail-authority': { role: 'Jail-Authority', module: 'features/home/home-page.tsx', data: [] },
  '/dashboard': { role: 'Jail-Authority', module: 'features/jail/dashboard-page.tsx', data: [] },
};

/** The id of the page's JSON block holding the first screen's API answers: `{ [url]: { status, body } }`. */
export const PAGE_ANSWERS_SCRIPT_ID = 'rihaai-page-answers';

/** The id of the page's JSON block holding the session (`{ user }`, as GET /api/auth/session answers). */
export const SESSION_SCRIPT_ID = 'rihaai-session';

/** The id of the element holding a first screen drawn in the page, before the app's own (src/client/first-screen). */
export const FIRST_SCREEN_ID = 'rihaai-first-screen';

/** Stands for the person's name in a first screen drawn at build time; the server puts the name (escaped) in its place. */
export const FIRST_SCREEN_NAME = '\uE000name\uE000';

/**
 * The languages a first screen is drawn in ahead of the app. Not Hindi: its text must not be drawn
 * before the app's Devanagari font can draw it (docs/decisions/0014-devanagari-font-before-text.md),
 * so a Hindi home waits for the app as before.
 */
export const FIRST_SCREEN_PRERENDERED: readonly string[] = ['en', 'es', 'fr', 'de'];

/**
 * The cookie the app keeps the browser's language choice in (beside localStorage) so the server can
 * draw the first screen in it: without it the server cannot know what the app will show, and draws none.
 */
export const LANGUAGE_COOKIE = 'rihaai.lang';
