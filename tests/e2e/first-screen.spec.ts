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
  // The page the server sent drew the home itself (tests/e2e/first-screen-drawn.spec.ts); the app took it over.
  expect(await sent?.text()).toContain('id="rihaai-first-screen" data-lang="en"');
  await expect(page.locator('#rihaai-first-screen')).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('a home the server does not draw (Hindi) has its chunks named in the page instead', async ({ page, baseURL }) => {
  await signUpRegisteredViaApi(page, 'Family-Member');
  await page.context().addCookies([{ name: 'rihaai.lang', value: 'hi', url: baseURL! }]);
  await page.addInitScript(() => localStorage.setItem('rihaai.language', 'hi'));
  const asked = readsInPage(page);
  const sent = await page.goto('/family-member');
  const html = (await sent?.text()) ?? '';
  expect(html).not.toContain('rihaai-first-screen');
  // The home's own chunk and the Hindi texts were named in the page the server sent, not found later by the app's code.
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/family-home-page-[\w-]+\.js">/);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/hi-[\w-]+\.js">/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked).toEqual([]);
});

test('a lawyer opening a family member’s home is sent to their own, and a signed-out visitor to sign-in', async ({ page }) => {
  await signUpRegisteredViaApi(page, 'Lawyer');
  // The page for /family-member carries no lawyer home, so the app asks for the registration once at
  // /lawyer; waited for, so that read cannot land after the listener below starts.
  const lawyerHome = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/lawyers/registration');
  const sent = await page.goto('/family-member');
  await expect(page).toHaveURL(/\/lawyer$/);
  await lawyerHome;
  // The page the server sent named no family screen for a lawyer.
  expect(await sent?.text()).not.toMatch(/family-home-page|role-layout/);

  await page.context().clearCookies();
  const asked = readsInPage(page);
  await page.goto('/family-member');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(asked).toEqual([]);
});
