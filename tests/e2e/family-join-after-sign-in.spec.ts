// A relative opens an invitation link while signed out: the app asks them to sign in, then brings them
// back to the link with its code, on a phone.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, signUpViaApi } from './helpers.ts';

test('an invitation link opened signed out comes back after signing in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const relative = await signUpViaApi(page, 'Family-Member', 'Sita Kumari');
  await page.context().clearCookies();

  await page.goto('/join?code=ABCD2345');
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await page.getByLabel('User category').selectOption('Family-Member');
  await page.getByLabel('Email').fill(relative.email);
  await page.getByLabel(/^Password/).fill(relative.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/join\?code=ABCD2345$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the invitation after signing in');
  await expectNoHorizontalScroll(page);

  // Once only: signing in again later goes to the family home.
  await page.context().clearCookies();
  await page.goto('/');
  await page.getByLabel('User category').selectOption('Family-Member');
  await page.getByLabel('Email').fill(relative.email);
  await page.getByLabel(/^Password/).fill(relative.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // (A relative not registered yet: the family home sends them on to /fmform.)
  await expect(page).toHaveURL(/\/(family-member|fmform)$/);
});
