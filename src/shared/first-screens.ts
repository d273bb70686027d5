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
