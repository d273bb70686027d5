// A direct visit (a bookmark, a reload, a link in an email) starts from what the page carries: the
// session, and for a signed-in home the code of that screen, named in the page so it downloads with
// the app's own (docs/decisions/0020-web-first-screen-in-the-page.md).
import { expect, test, type Page } from '@playwright/test';
import { signUpRegisteredViaApi } from './helpers.ts';

/** The API reads the page answers itself: the session and the home's registration. */
function readsInPage(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname === '/api/auth/session' || pathname.endsWith('/registration')) asked.push(`${req.method()} ${pathname}`);
  });
  return asked;
}

test('a family member opening their home directly sees it without the app asking who they are or whether they registered', async ({
  page,
}) => {
  await signUpRegisteredViaApi(page, 'Family-Member');
  const asked = readsInPage(page);
  const sent = await page.goto('/family-member');
  await expect(page.getByText("Follow your family member's case, find a lawyer and get papers to the right desk.")).toBeVisible();
  // The home's own chunk was named in the page the server sent, not found later by the app's code.
  expect(await sent?.text()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/family-home-page-[\w-]+\.js">/);
  expect(asked).toEqual([]);
});

test('a lawyer opening a family member’s home is sent to their own, and a signed-out visitor to sign-in', async ({ page }) => {
  await signUpRegisteredViaApi(page, 'Lawyer');
  const sent = await page.goto('/family-member');
  await expect(page).toHaveURL(/\/lawyer$/);
  // The page the server sent named no family screen for a lawyer.
  expect(await sent?.text()).not.toMatch(/family-home-page|role-layout/);

  await page.context().clearCookies();
  const asked = readsInPage(page);
  await page.goto('/family-member');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(asked).toEqual([]);
});
