import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, expectNoHorizontalScroll, PASSWORD, signInViaApi, signUpViaApi } from './helpers.ts';

test('a registered family member edits name, phone and address; the email stays read-only', async ({ page }) => {
  await signInViaApi(page, 'Family-Member', 'family.demo@gmail.com', DEMO_PASSWORD);
  await page.goto('/family-member');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue('family.demo@gmail.com');
  await expect(email).toHaveAttribute('readonly', '');

  await page.getByLabel(/^Phone number/).fill('12345');
  await page.getByLabel(/^Address/).fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (optional +91 or 0 before it).'),
  ).toBeVisible();
  await expect(page.getByText('Please enter your address.')).toBeVisible();

  await page.getByLabel(/^Full name/).fill('Sunita Devi Sharma');
  await page.getByLabel(/^Phone number/).fill('+91 98765-01234');
  await page.getByLabel(/^Address/).fill('22 Shastri Park, Delhi 110053');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Phone number/)).toHaveValue('+919876501234');
  await expect(page.getByLabel(/^Address/)).toHaveValue('22 Shastri Park, Delhi 110053');
  await page.goto('/family-member');
  await expect(page.getByRole('heading', { name: 'Welcome, Sunita Devi Sharma' })).toBeVisible();
});

test('a lawyer also edits the lawyer type and court area', async ({ page }) => {
  await signInViaApi(page, 'Lawyer', 'lawyer.demo@gmail.com', DEMO_PASSWORD);
  await page.goto('/edit-profile');
  await page.getByLabel(/^Lawyer type/).selectOption('Constitutional Lawyer');
  await page.getByLabel(/^Court area/).fill('High Court of Delhi');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Lawyer type/)).toHaveValue('Constitutional Lawyer');
  await expect(page.getByLabel(/^Court area/)).toHaveValue('High Court of Delhi');
});

test('without a registration only the name can be edited, and the screen says so', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await page.goto('/edit-profile');
  await expect(page.getByText('Registration not completed')).toBeVisible();
  await expect(page.getByLabel(/^Phone number/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Complete your registration' }).click();
  await expect(page).toHaveURL(/\/fmform$/);

  await page.context().clearCookies();
  await signUpViaApi(page, 'Jail-Authority');
  await page.goto('/edit-profile');
  await expect(page.getByLabel(/^Full name/)).toBeVisible();
  await expect(page.getByLabel(/^Phone number/)).toHaveCount(0);
  await expect(page.getByText('Registration not completed')).toHaveCount(0);
});

test('changing the password keeps this session and signs out the other devices', async ({ page, browser }) => {
  const { email } = await signUpViaApi(page, 'Jail-Authority');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await signInViaApi(otherPage, 'Jail-Authority', email);

  await page.goto('/edit-profile');
  await page.getByLabel(/^Current password/).fill('not-my-password');
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel(/^Repeat the new password/).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await page.getByLabel(/^New password/).fill('a-much-better-one');
  await page.getByLabel(/^Repeat the new password/).fill('a-much-better-one');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is not correct.').first()).toBeVisible();

  await page.getByLabel(/^Current password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your password has been changed. Every other device has been signed out.' }),
  ).toBeVisible();
  expect((await page.request.get('/api/profile')).status()).toBe(200);
  expect((await otherPage.request.get('/api/profile')).status()).toBe(401);
  await other.close();
});

test.describe('accessibility', () => {
  const width = 360;
  test(`edit profile of each role at ${width}px, the last also at 1280px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInViaApi(page, 'Lawyer', 'lawyer.demo@gmail.com', DEMO_PASSWORD);
    await page.goto('/edit-profile');
    await page.getByLabel(/^Phone number/).fill('1');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/Enter a 10-digit Indian mobile number/)).toBeVisible();
    await expectAccessible(page, 'edit profile (lawyer, with an error)');
    await expectNoHorizontalScroll(page);
    for (const role of ['Family-Member', 'Jail-Authority'] as const) {
      await page.context().clearCookies();
      await signUpViaApi(page, role);
      await page.goto('/edit-profile');
      await expect(page.getByLabel(/^Full name/)).toBeVisible();
      await expectAccessible(page, `edit profile (${role})`);
      await expectNoHorizontalScroll(page);
    }
    // At 1280 px the app draws the same elements in wider columns (only the family form changes its
    // markup with the width, and family-registration-steps.spec.ts scans it wide): one wide scan.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'edit profile at 1280px');
    await expectNoHorizontalScroll(page);
  });
});
