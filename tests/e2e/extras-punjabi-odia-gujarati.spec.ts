import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, PASSWORD, signUpRegisteredViaApi } from './helpers.ts';

// A family that reads Punjabi (Gurmukhi), Odia or Gujarati uses Rihaai on a 360 px phone in its own
// script: the language is chosen on the sign-in screen, and the screens a family opens first are
// written in it, fit the screen and pass axe.
test.use({ viewport: { width: 360, height: 640 } });

const LANGS = [
  { code: 'pa', name: 'ਪੰਜਾਬੀ', script: /[\u0A00-\u0A7F]/ },
  { code: 'or', name: 'ଓଡ଼ିଆ', script: /[\u0B00-\u0B7F]/ },
  { code: 'gu', name: 'ગુજરાતી', script: /[\u0A80-\u0AFF]/ },
] as const;

for (const { code, name, script } of LANGS) {
  test(`${code}: a family signs in and reads home, registration, lawyers, case status and about in ${name}`, async ({ page }) => {
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
    expect((await (await page.request.get('/api/profile')).json()).language).toBe(code);

    for (const path of ['/fmform', '/lawyerSearch', '/family-case', '/about-family']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(script);
      // No English left on the screen's own words (the member's case id and e-mail are data).
      await expect(page.getByRole('main')).not.toContainText(/Loading|Submit|Case Status|Legal Services/);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page, `${path} (${code})`);
    }
  });
}
