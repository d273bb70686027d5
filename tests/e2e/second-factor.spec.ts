// A jail clerk reaches no prisoner's data before enrolling a second factor: signed in with the
// password, they are sent to enrolment (QR code and the key as text), confirm with a code, see their
// recovery codes once and reach the dashboard; signed out and in again, the sign-in asks for a code
// (docs/decisions/0043-second-factor-for-officials.md). Axe and no sideways scrolling at 360 px.
import { expect, test, type Page } from '@playwright/test';
import {
  confirmByMail,
  expectAccessible,
  expectNoHorizontalScroll,
  JAIL_CODE,
  nextSecondFactorCode,
  PASSWORD,
  rememberSecondFactor,
  totpCode,
  uniqueEmail,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

async function signInWithForm(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('User category').selectOption('Jail-Authority');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a jail clerk enrols a second factor before any data, then signs in again with a code', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = uniqueEmail('clerk');
  // The account is opened in another context: this page signs in through the form.
  const signUp = await request.post('/api/auth/signup', {
    data: {
      role: 'Jail-Authority',
      name: 'Clerk Asha Verma',
      email,
      password: PASSWORD,
      registrationCode: JAIL_CODE,
      acceptNotice: true,
      adult: true,
    },
    headers: SAME_ORIGIN,
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await confirmByMail(request, email, PASSWORD);

  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/second-factor$/);
  await expect(page.getByRole('heading', { name: 'Set up your second factor' })).toBeVisible();
  // Nothing else is served meanwhile, and the screens send the clerk back here.
  const blocked = await page.request.get('/api/jail/members');
  expect(blocked.status()).toBe(403);
  expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('second_factor_required');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/second-factor$/);

  const qr = page.getByRole('img', { name: 'QR code to scan with an authenticator app' });
  await expect(qr).toBeVisible();
  const secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'enrolment 360');
  await expectNoHorizontalScroll(page);

  // "Scans" the code: the app computes the same code from the key shown.
  const enrolledAt = Math.floor(Date.now() / 30_000);
  await page.getByLabel('2. Enter the six-digit code the app shows').fill(totpCode(secret, enrolledAt));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await expectAccessible(page, 'recovery codes 360');
  await expectNoHorizontalScroll(page);
  rememberSecondFactor(email, secret, enrolledAt);

  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  await expect(page).toHaveURL(/\/jail-authority$/);
  expect((await page.request.get('/api/jail/members')).status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Signed out and in again: the password is not enough, the sign-in asks for a code.
  expect((await page.request.post('/api/auth/signout', { headers: SAME_ORIGIN })).status()).toBe(204);
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/second-factor$/);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  expect((await page.request.get('/api/jail/members')).status()).toBe(403);
  await expectAccessible(page, 'code 360');
  await expectNoHorizontalScroll(page);
  // A wrong code is refused under the field.
  const code = await nextSecondFactorCode(email);
  await page.getByLabel(/^Code/).fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/This code is not right/)).toBeVisible();
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/jail-authority$/);
  expect((await page.request.get('/api/jail/members')).status()).toBe(200);
});
