import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, signUpRegisteredViaApi, signUpViaApi, waitForMail } from './helpers.ts';

const ABOUT = [
  { role: 'Family-Member', path: '/about-family', home: /\/family-member$/ },
  { role: 'Lawyer', path: '/about', home: /\/lawyer$/ },
  { role: 'Jail-Authority', path: '/aboutjail', home: /\/jail-authority$/ },
] as const;

const contactDialog = (page: Page) => page.getByRole('dialog', { name: 'Contact Us' });

test.describe('about screens', () => {
  for (const { role, path, home } of ABOUT) {
    test(`${role}: mission, footer and a Home button to the role's home`, async ({ page }) => {
      // Registered, as a returning user is: an unregistered one's home sends them to the form first.
      await signUpRegisteredViaApi(page, role);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'About Rihaai' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'How your data is protected' })).toBeVisible();
      await expect(page.getByRole('contentinfo').or(page.locator('footer'))).toContainText('© 2024 Rihaai');
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await expect(page).toHaveURL(home);
    });
  }

  test('the bottom bar About goes to the role’s own about screen', async ({ page }) => {
    await signUpViaApi(page, 'Lawyer');
    await page.goto('/lawyer');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('contact form', () => {
  test('requires every field, then sends the message and the auto-reply', async ({ page }) => {
    const { email, name } = await signUpViaApi(page, 'Family-Member', 'Kiran Contact');
    await page.goto('/about-family');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = contactDialog(page);
    await expect(dialog).toBeVisible();
    // Prefilled from the account; everything can still be edited.
    await expect(dialog.getByLabel(/^Name/)).toHaveValue(name);
    await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
    await dialog.getByLabel(/^Name/).fill('');
    await dialog.getByLabel(/^Email/).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Please enter your name.')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(dialog.getByText('Please enter your message.')).toBeVisible();

    await dialog.getByLabel(/^Message/).fill('x'.repeat(5001));
    await expect(dialog.getByText('5,001 of 5,000 characters')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Your message is too long: at most 5,000 characters (it has 5,001).')).toBeVisible();

    const text = `My uncle has been held at Tihar for 14 months. ${Date.now()}`;
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Message/).fill(text);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Message sent successfully, and an auto-reply has been sent!' })).toBeVisible();
    await expect(dialog).toBeHidden();

    const toOperator = await waitForMail('operator.e2e@gmail.com', new RegExp(String(text.match(/\d{13}/)?.[0])));
    expect(toOperator.raw).toContain(email);
    const autoReply = await waitForMail(email, /received your message/);
    expect(autoReply.raw).not.toContain('Tihar');
  });

  test('the close button closes the form without sending', async ({ page }) => {
    await signUpViaApi(page, 'Jail-Authority');
    await page.goto('/aboutjail');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    await expect(contactDialog(page)).toBeVisible();
    await contactDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(contactDialog(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Contact Us' })).toBeFocused();
  });
});

test.describe('accessibility', () => {
  const width = 360;
  test(`about screens and the contact form at ${width}px, the last also at 1280px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const { role, path } of ABOUT) {
      await page.context().clearCookies();
      await signUpViaApi(page, role);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'About Rihaai' })).toBeVisible();
      await expectAccessible(page, path);
      await expectNoHorizontalScroll(page);
    }
    await page.getByRole('button', { name: 'Contact Us' }).click();
    await expect(contactDialog(page)).toBeVisible();
    await contactDialog(page).getByRole('button', { name: 'Send' }).click();
    await expect(contactDialog(page).getByText('Please enter your message.')).toBeVisible();
    await expectAccessible(page, 'contact form with errors');
    await expectNoHorizontalScroll(page);
    // At 1280 px the app draws the same elements in wider columns (only the family form changes its
    // markup with the width, and family-registration-steps.spec.ts scans it wide): one wide scan.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'contact form with errors at 1280px');
    await expectNoHorizontalScroll(page);
  });
});
