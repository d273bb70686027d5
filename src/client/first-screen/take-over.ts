// The app taking over from the first screen the server drew in the page (src/server/lib/first-screen.ts,
// drawn at build time by ./prerender.tsx): the app's root stays hidden while that screen is there, and
// the app removes it once it has drawn the same screen itself (in a layout effect: the swap happens
// before the browser paints, so nothing moves or blinks), or anything else in its place: another
// address, an error, a different language. docs/decisions/0025-web-first-screen-drawn-in-the-page.md.
import { FIRST_SCREEN_ID } from '#shared/first-screens.ts';

/**
 * Removes the drawn first screen, if there is one; the app's root shows in its place. A button of
 * the drawn screen tapped before now (public/after-paint.js keeps its name) is pressed again on the
 * app's own screen, once that frame is on screen, so the tap is not lost.
 */
export function firstScreenDone(doc: Document = document) {
  const drawn = doc.getElementById(FIRST_SCREEN_ID);
  if (!drawn) return;
  const tap = drawn.dataset.tap;
  drawn.remove();
  if (tap) requestAnimationFrame(() => pressButtonNamed(doc, tap));
}

function pressButtonNamed(doc: Document, name: string) {
  const buttons = doc.getElementById('root')?.querySelectorAll('button') ?? [];
  for (const b of buttons) {
    if ((b.getAttribute('aria-label') || (b.textContent ?? '').trim()) === name) {
      b.click();
      return;
    }
  }
}

/**
 * Before the app draws anything: a first screen drawn in another language than the one the app will
 * show (a choice kept in localStorage that the cookie the server reads does not match) is removed at once.
 */
export function keepFirstScreenIf(language: string, doc: Document = document) {
  const drawn = doc.getElementById(FIRST_SCREEN_ID);
  if (drawn && drawn.dataset.lang !== language) drawn.remove();
}
