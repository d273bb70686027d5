import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, PASSWORD, signUpRegisteredViaApi } from './helpers.ts';

// A family that reads Tamil, Telugu or Kannada uses Rihaai on a 360 px phone in its own script: the
// language is chosen on the sign-in screen, and the screens a family opens (home, registration,
// lawyers, case status, bail paper upload, NGO, about) are written in it, fit the screen and pass axe.
test.use({ viewport: { width: 360, height: 640 } });

/** Texts cut off by their box (a button label too long for 360 px): no sideways scroll shows them. */
function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *, header *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        // Visually hidden texts (1 px boxes for screen readers) are clipped on purpose.
        return clips && el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim() !== '';
      })
      .map((el) => (el.textContent ?? '').trim()),
  );
}

const LANGS = [
  { code: 'ta', name: 'தமிழ்', script: /[\u0B80-\u0BFF]/, bail: 'ஜாமீன்' },
  { code: 'te', name: 'తెలుగు', script: /[\u0C00-\u0C7F]/, bail: 'బెయిల్' },
  { code: 'kn', name: 'ಕನ್ನಡ', script: /[\u0C80-\u0CFF]/, bail: 'ಜಾಮೀನು' },
] as const;

for (const { code, name, script, bail } of LANGS) {
  test(`${code}: a family signs in and reads its screens in ${name} at 360 px`, async ({ page }) => {
    const { email } = await signUpRegisteredViaApi(page, 'Family-Member');
    await page.context().clearCookies();

    await page.goto('/');
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(script);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, `sign-in (${code})`);

    await page.locator('select').first().selectOption('Family-Member');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/family-member$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(script);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, `family home (${code})`);
    expect(await clippedTexts(page), `family home (${code})`).toEqual([]);
    // Kept with the run's results (test-results/playwright-<port>/…) for the closing note.
    await page.screenshot({ path: test.info().outputPath(`${code}-family-home.png`) });
    expect((await (await page.request.get('/api/profile')).json()).language).toBe(code);

    for (const path of ['/fmform', '/lawyerSearch', '/family-case', '/upload-file', '/ngo-details', '/about-family']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(script);
      // No English left on the screen's own words (the member's case id and e-mail are data).
      await expect(page.getByRole('main')).not.toContainText(/Loading|Submit|Upload|Case Status|Legal Services|Bail/);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page, `${path} (${code})`);
      expect(await clippedTexts(page), `${path} (${code})`).toEqual([]);
      if (path === '/family-case') await page.screenshot({ path: test.info().outputPath(`${code}-case-status.png`) });
    }
    // The bail paper screen uses the glossary's word for bail (src/shared/glossary/<code>.json).
    await page.goto('/upload-file');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(bail);
  });
}
