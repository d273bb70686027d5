import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, signUpViaApi } from './helpers.ts';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Rihaai' });
const open = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer(page)).toBeVisible();
};

const SCREENS = {
  'Family-Member': ['Home', 'Legal Services', 'Case Status', 'Rehabilitation Centre/NGOs', 'Profile', 'About', 'Edit Profile'],
  Lawyer: ['Home', 'Pending Appointments', 'Current case status', 'Profile', 'About', 'Edit Profile'],
  'Jail-Authority': ['Home', 'Dashboard', 'Bail Consideration Application', 'NGOs', 'Profile', 'About', 'Edit Profile'],
} as const;

test.describe('menu drawer', () => {
  for (const [role, names] of Object.entries(SCREENS) as [keyof typeof SCREENS, readonly string[]][]) {
    test(`${role}: lists the role's screens and logout`, async ({ page }) => {
      await signUpViaApi(page, role);
      await page.goto('/profile');
      await open(page);
      const nav = drawer(page).getByRole('navigation', { name: 'All screens' });
      for (const name of names) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    });
  }

  test('navigates, closes after choosing, and logs out', async ({ page }) => {
    await signUpViaApi(page, 'Lawyer');
    await page.goto('/lawyer');
    await open(page);
    await drawer(page).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer(page)).toBeHidden();
    await open(page);
    await drawer(page).getByRole('link', { name: 'Edit Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/edit-profile$/);
    await open(page);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await open(page);
    await drawer(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.goto('/lawyer');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('accessibility', () => {
  for (const width of [360, 1280]) {
    test(`open drawer at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signUpViaApi(page, 'Jail-Authority');
      await page.goto('/jail-authority');
      await open(page);
      await expectAccessible(page, 'drawer');
      await expectNoHorizontalScroll(page);
    });
  }
});
