// Urdu is written right to left: the page says dir="rtl", Mantine lays the screens out mirrored, and
// dates are written by Intl in Urdu (docs/decisions/0042-one-language-list.md). On a 360 px phone,
// with an axe scan of each screen.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, PASSWORD, signUpRegisteredViaApi } from './helpers.ts';

const ARABIC = /[\u0600-\u06FF]/;

test.use({ viewport: { width: 360, height: 740 } });

/** The centre of an element, as a share of the page's width (0 = left edge). */
async function centreX(page: Page, selector: string) {
  // Drawn once the app has loaded it (the assistant comes after the screen), and possibly drawn again
  // as it loads: a box read between the two is null (seen once in a run), so ask until there is one.
  let box: { x: number; width: number } | null = null;
  await expect.poll(async () => (box = await page.locator(selector).first().boundingBox()), { message: selector }).not.toBeNull();
  return (box!.x + box!.width / 2) / 360;
}

test('Urdu: right to left and mirrored, Urdu texts and dates, on the sign-in screen and the family screens', async ({ page }) => {
  const { email } = await signUpRegisteredViaApi(page, 'Family-Member');
  await page.context().clearCookies();

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // In English the language button sits at the right end of the header.
  expect(await centreX(page, 'button[aria-haspopup="menu"]')).toBeGreaterThan(0.5);

  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'اردو' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  // Mirrored: the same button is now at the left end.
  expect(await centreX(page, 'button[aria-haspopup="menu"]')).toBeLessThan(0.5);
  // Form labels start at the right.
  const label = await page.locator('label').filter({ hasText: 'ای میل' }).first().boundingBox();
  expect(label!.x + label!.width).toBeGreaterThan(360 * 0.6);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'sign-in (ur)');

  // A validation error in Urdu.
  await page.locator('select').first().selectOption('Family-Member');
  await page.locator('input[type=email]').fill('someone@yahoo.com');
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('alert').filter({ hasText: ARABIC }).first()).toBeVisible();

  // Signed in: the home in Urdu, right to left; the account keeps the choice.
  await page.locator('input[type=email]').fill(email);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/family-member$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The assistant's button is at the end of the line the page reads: the left.
  expect(await centreX(page, '#rihaai-assistant-toggle')).toBeLessThan(0.5);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'family home (ur)');
  expect((await (await page.request.get('/api/profile')).json()).language).toBe('ur');

  // Case Status: the timeline's dates are written in Urdu (Intl with the language), not in English.
  await page.goto('/family-case');
  const timeline = page.getByLabel(/واقعات کی ترتیب/).first();
  await expect(timeline).toBeVisible();
  const month = await page.evaluate(() => new Intl.DateTimeFormat('ur', { month: 'long' }).format(new Date()));
  expect(month).toMatch(ARABIC);
  await expect(timeline).toContainText(month);
  await expect(timeline).not.toContainText(new Date().toLocaleString('en', { month: 'short' }));
  await expect(page.getByText('ضمانت کا کاغذ اپ لوڈ کریں').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'case status (ur)');
});
