import { expect, test } from '@playwright/test';
import { expectAccessible, PASSWORD, signUpRegisteredViaApi } from './helpers.ts';

const DEVANAGARI = /[\u0900-\u097F]/;

test('switch to Hindi: sign-in screen, an alert and a home screen in Hindi; the choice survives reload and sign-in', async ({ page }) => {
  const { email } = await signUpRegisteredViaApi(page, 'Family-Member');
  await page.context().clearCookies();

  await page.goto('/');
  await page.getByRole('button', { name: 'Change language' }).click();
  for (const name of ['English', 'हिन्दी', 'Español', 'Français', 'Deutsch'])
    await expect(page.getByRole('menuitem', { name })).toBeVisible();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(DEVANAGARI);
  await expect(heading).not.toHaveText('Sign In');
  await expectAccessible(page, 'sign-in (hi)');

  // An alert in Hindi: a non-gmail address.
  await page.locator('select').first().selectOption('Family-Member');
  await page.locator('input[type=email]').fill('someone@yahoo.com');
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  const alert = page.getByRole('alert').filter({ hasText: DEVANAGARI }).first();
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Please use a valid');

  // Reload: still Hindi.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEVANAGARI);

  // Sign in: the home screen is in Hindi, and the account remembers the choice.
  await page.locator('select').first().selectOption('Family-Member');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/family-member$/);
  // The home's cards: the sign-in screen stays until the home's code has arrived.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(DEVANAGARI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEVANAGARI);
  await expect(page.getByRole('navigation').last()).toHaveText(DEVANAGARI);
  await expectAccessible(page, 'family home (hi)');
  const profile = await page.request.get('/api/profile');
  expect((await profile.json()).language).toBe('hi');

  // A new browser (no local choice) follows the account's language after sign-in.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel(/^User category/).selectOption('Family-Member');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/family-member$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});
