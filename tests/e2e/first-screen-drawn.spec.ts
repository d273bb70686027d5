// A signed-in person's home arrives drawn in the page (by the build, with their name and in their
// language: src/server/lib/first-screen.ts), paints before any script has run, and the app takes over
// from it without anything moving (docs/decisions/0025-web-first-screen-drawn-in-the-page.md).
import { expect, test } from '@playwright/test';
import type { Role } from '#shared/constants.ts';
import { FIRST_SCREEN_ID, LANGUAGE_COOKIE } from '#shared/first-screens.ts';
import { expectAccessible, signUpRegisteredViaApi } from './helpers.ts';

const HOMES: { role: Role; path: string }[] = [
  { role: 'Family-Member', path: '/family-member' },
  { role: 'Lawyer', path: '/lawyer' },
  { role: 'Jail-Authority', path: '/jail-authority' },
];

const WELCOME = { en: 'Welcome', de: 'Willkommen' } as const;

type Box = { text: string; x: number; y: number; width: number; height: number };

/**
 * Records, in the page, where the header, the title, the texts and the links of `scope` sit. Run at
 * the moment the drawn screen is removed (a mutation observer's callback: after the app's commit, before
 * the browser paints) it gives what the app's first frame shows.
 */
function boxesScript() {
  const w = window as unknown as { __boxes: (scope: Element) => Box[]; __atSwap?: Box[] };
  w.__boxes = (scope: Element) =>
    [...scope.querySelectorAll('header, h1, main p, main a, nav a')].map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent?.trim() ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
    });
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (!w.__atSwap && root && !document.getElementById('rihaai-first-screen') && root.querySelector('h1')) w.__atSwap = w.__boxes(root);
  }).observe(document, { childList: true, subtree: true });
}

for (const home of HOMES) {
  for (const lang of ['en', 'de'] as const) {
    test(`${home.role} home (${lang}) is in the page as sent and the app takes it over in place`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      const { name } = await signUpRegisteredViaApi(page, home.role, `Asha <b>${lang}</b>`);
      // The choice this browser keeps, as the app keeps it: in localStorage and in the cookie the server reads.
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL! }]);
      await page.addInitScript((l) => localStorage.setItem('rihaai.language', l), lang);

      // Without its scripts the page shows the home all the same: drawn by the server, in the chosen language.
      await page.route('**/assets/*.js', (route) => route.abort());
      const sent = await page.goto(home.path);
      const html = (await sent?.text()) ?? '';
      expect(html).toContain(`id="${FIRST_SCREEN_ID}" data-lang="${lang}"`);
      // The name is text, never markup.
      expect(html).toContain(`${WELCOME[lang]}, Asha &lt;b&gt;${lang}&lt;/b&gt;`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const drawnTitle = page.locator(`#${FIRST_SCREEN_ID} h1`);
      await expect(drawnTitle).toHaveText(`${WELCOME[lang]}, ${name}`);
      await expect(page.locator('#root')).toBeHidden();
      const drawn = await page.evaluate(boxesFn, FIRST_SCREEN_ID);

      // With them, the app draws the same screen and removes the drawn one in the same frame.
      await page.unroute('**/assets/*.js');
      await page.addInitScript(boxesScript);
      await page.goto(home.path);
      await expect(page.locator(`#${FIRST_SCREEN_ID}`)).toHaveCount(0);
      await expect(page.locator('#root h1')).toHaveText(`${WELCOME[lang]}, ${name}`);
      const atSwap = await page.evaluate(() => (window as unknown as { __atSwap?: Box[] }).__atSwap);
      expect(atSwap).toEqual(drawn);
      await expectAccessible(page, `${home.role} home (${lang}) after the take-over`);
    });
  }
}

function boxesFn(id: string): Box[] {
  const scope = document.getElementById(id)!;
  return [...scope.querySelectorAll('header, h1, main p, main a, nav a')].map((e) => {
    const r = e.getBoundingClientRect();
    return { text: e.textContent?.trim() ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
  });
}

test('the home is drawn in the account’s language when the browser keeps none, never in Hindi, and one in another language than the app’s goes before the app draws', async ({
  page,
  baseURL,
}) => {
  await signUpRegisteredViaApi(page, 'Jail-Authority');
  // No choice kept in this browser and none on the account: the browser's language (en-US here).
  let html = (await (await page.goto('/jail-authority'))?.text()) ?? '';
  expect(html).toContain(`id="${FIRST_SCREEN_ID}" data-lang="en"`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome/);

  // The account's language, with none kept in the browser: drawn in it, and the app opens in it.
  const saved = await page.request.put('/api/profile/language', { data: { language: 'de' }, headers: { 'sec-fetch-site': 'same-origin' } });
  expect(saved.status(), await saved.text()).toBe(200);
  html = (await (await page.goto('/jail-authority'))?.text()) ?? '';
  expect(html).toContain(`id="${FIRST_SCREEN_ID}" data-lang="de"`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Willkommen/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Hindi waits for the app and its font (decision 0014).
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'hi', url: baseURL! }]);
  await page.evaluate(() => localStorage.setItem('rihaai.language', 'hi'));
  html = (await (await page.goto('/jail-authority'))?.text()) ?? '';
  expect(html).not.toContain(FIRST_SCREEN_ID);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // localStorage says French, the cookie English: the app removes the page drawn in English
  // as its code starts, and draws French (the cookie is kept in step with localStorage, so this is a browser whose
  // storage was changed behind the app's back).
  await page.evaluate(() => localStorage.setItem('rihaai.language', 'fr'));
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'en', url: baseURL! }]);
  const sent = await page.goto('/jail-authority');
  expect(await sent?.text()).toContain(`data-lang="en"`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Bienvenue/);
  await expect(page.locator(`#${FIRST_SCREEN_ID}`)).toHaveCount(0);
  // And the cookie now follows the choice kept in localStorage.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === LANGUAGE_COOKIE)?.value).toBe('fr');
});

test('a tap on the drawn menu button before the app has taken over opens the menu once it has', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpRegisteredViaApi(page, 'Jail-Authority', 'Asha Tap');
  // The app's code is held back until the tap has been made on the drawn screen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/jail-authority', { waitUntil: 'domcontentloaded' });
  await page.locator(`#${FIRST_SCREEN_ID}`).getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Rihaai' })).toHaveCount(0);
  release();
  await expect(page.locator(`#${FIRST_SCREEN_ID}`)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Rihaai' })).toBeVisible();
});
