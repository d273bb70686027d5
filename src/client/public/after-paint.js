/* global document, requestAnimationFrame, Element */
// The app's code, started once the home the server drew in the page has been painted
// (docs/decisions/0025-web-first-screen-drawn-in-the-page.md): on a slow phone network the entry's
// download then does not share the bandwidth the first paint's stylesheets need, and its run does
// not come before that paint. The server puts this script in place of the entry's for a drawn home
// only (src/server/lib/first-screen.ts); every other page loads the entry directly.
// A button of the drawn home tapped before the app has taken over (the menu, the language, Settings)
// is not lost: its name is kept on the drawn screen, and the app presses the same button once it has
// drawn its own (firstScreenDone in src/client/first-screen/take-over.ts). The last tap counts.
document.addEventListener(
  'click',
  (event) => {
    const drawn = document.getElementById('rihaai-first-screen');
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!drawn || !button || !drawn.contains(button)) return;
    drawn.dataset.tap = button.getAttribute('aria-label') || (button.textContent ?? '').trim();
  },
  true,
);
const entry = document.querySelector('script[data-rihaai-entry]')?.getAttribute('data-rihaai-entry');
// Once the first contentful paint has been reported, so the entry's download is not counted as part of
// it: a frame later is not always enough, as the paint is reported when the frame reaches the screen.
// If no paint is reported, the app starts a little after the first frames anyway. A tab in the
// background starts when shown (no frames, no paint before then).
if (entry) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(() => void import(entry));
  };
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 250)));
  } else {
    requestAnimationFrame(() => setTimeout(start));
  }
}
