import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, signInViaApi, signUpRegisteredViaApi, uniqueEmail, waitForMail } from './helpers.ts';

const NEUTRAL = /If an account exists for this email, we have sent it a link to set a new password/;

async function askForLink(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The screen loads on demand: wait for it, or the sign-in form's field gets the text.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password?' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: NEUTRAL })).toBeVisible();
}

async function signIn(page: Page, role: string, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('User category').selectOption(role);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('resets a forgotten password from the emailed link, once', async ({ page, browser }) => {
  const { email } = await signUpRegisteredViaApi(page, 'Lawyer');
  // A second device stays signed in until the reset.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await signInViaApi(otherPage, 'Lawyer', email);
  expect((await otherPage.request.get('/api/profile')).status()).toBe(200);
  await page.context().clearCookies();

  await askForLink(page, email);
  const mail = await waitForMail(email, /reset-password\?token=/);
  const link = mail.raw.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('brand-new-pass-1');
  await page.getByLabel(/^Repeat the new password/).fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel(/^Repeat the new password/).fill('brand-new-pass-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your password has been changed. Please sign in with your new password.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Every session ended, the other device's too.
  expect((await otherPage.request.get('/api/profile')).status()).toBe(401);
  await other.close();

  await signIn(page, 'Lawyer', email, 'brand-new-pass-1');
  // The new password passes; the second factor's code is asked next (docs/decisions/0043-second-factor-for-officials.md).
  await expect(page).toHaveURL(/\/second-factor$/);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByLabel(/^New password/).fill('third-password-3');
  await page.getByLabel(/^Repeat the new password/).fill('third-password-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid, already used or expired.' })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('answers an unknown email exactly like a known one', async ({ page }) => {
  await askForLink(page, uniqueEmail('nobody'));
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();
});

test.describe('accessibility', () => {
  for (const width of [360, 1280]) {
    test(`forgot and reset password screens at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/forgot-password');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Please enter your email address.')).toBeVisible();
      await expectAccessible(page, 'forgot password');
      await expectNoHorizontalScroll(page);
      await page.goto('/reset-password?token=some-token');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('Please enter a new password.')).toBeVisible();
      await expectAccessible(page, 'reset password');
      await expectNoHorizontalScroll(page);
      await page.goto('/reset-password');
      await expect(page.getByText(/This page needs the link from the reset email/)).toBeVisible();
      await expectAccessible(page, 'reset password without a token');
    });
  }
});
