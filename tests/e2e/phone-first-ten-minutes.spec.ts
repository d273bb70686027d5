// A family's first ten minutes on a cheap 360 × 640 phone: a double tap asks one lawyer, not two; one
// notice at a time, at the top, about the screen it was shown on; a misspelt e-mail domain offered
// its correction and a capitalised address taken; the last role remembered; and no dead ends (call
// the lawyer who accepted, call 15100, plain "10 MB", the dialog's safe choice first and focused).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { minimalPng } from '../fixtures/files.ts';
import {
  acceptedLawyer,
  expectAccessible,
  expectNoHorizontalScroll,
  JAIL_CODE,
  PASSWORD,
  registerFamilyViaApi,
  registerLawyerViaApi,
  signUpAndConfirm,
  signUpViaApi,
  uniqueEmail,
  acceptSignUpConsent,
} from './helpers.ts';

const PHONE = { width: 360, height: 640 };
test.use({ viewport: PHONE });
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element on screen').not.toBeNull();
  return b!;
}

/** Whether two elements' boxes overlap on screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await box(a), await box(b)];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** Two taps at the same point of the screen, `gapMs` apart, as a finger would. */
async function doubleTap(page: Page, target: Locator, gapMs: number) {
  // In the middle of the screen, clear of the bottom bar, where a finger would tap it.
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const b = await box(target);
  const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
  await page.mouse.click(x, y);
  await page.waitForTimeout(gapMs);
  await page.mouse.click(x, y);
}

async function requestedLawyers(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/family/cases');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { cases: { lawyers: { name: string; status: string }[] }[] };
  return [...new Set(body.cases.flatMap((c) => c.lawyers.filter((l) => l.status === 'pending').map((l) => l.name)))];
}

for (const gapMs of [100, 300]) {
  test(`a double tap on Request Lawyer ${gapMs} ms apart asks exactly one lawyer, whose card stays with its own Withdraw`, async ({
    page,
    browser,
  }) => {
    const tag = `${gapMs}-${Date.now().toString(36)}`;
    // Three lawyers of a type only this family asks for: the next card is right under the first.
    for (const n of [1, 2, 3]) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const lawyerPage = await context.newPage();
      await signUpViaApi(lawyerPage, 'Lawyer', `Adv. Tap ${tag} ${n}`);
      await registerLawyerViaApi(lawyerPage, 'Labor & Employment Attorney');
      await context.close();
    }
    await signUpViaApi(page, 'Family-Member', `Geeta Tap ${tag}`);
    await registerFamilyViaApi(page, 'Labor & Employment Attorney', `FIR-${tag}`);

    await page.goto('/lawyerSearch');
    const first = page.getByRole('article').first();
    const firstName = (await first.getByRole('heading').textContent())!;
    const button = first.getByRole('button', { name: 'Request Lawyer' });
    await expect(page.getByRole('article')).not.toHaveCount(1);
    await doubleTap(page, button, gapMs);

    await expect(page.getByRole('alert').filter({ hasText: `Request sent to ${firstName}.` })).toBeVisible();
    // The card did not move: it says it is requested and offers its own, named, Withdraw.
    await expect(page.getByRole('article').first()).toHaveAccessibleName(firstName);
    await expect(first.getByText('Requested: waiting for an answer')).toBeVisible();
    await expect(first.getByRole('button', { name: `Withdraw request (${firstName})` })).toHaveText(`Withdraw request (${firstName})`);
    // Let any stray tap's request arrive before counting.
    await page.waitForTimeout(1_500);
    expect(await requestedLawyers(page)).toEqual([firstName]);
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, `lawyer search after a double tap (${gapMs} ms)`);

    // Refresh is the deliberate moment the list changes: the requested lawyer leaves it then.
    await page.getByRole('button', { name: 'Refresh Lawyers' }).click();
    await expect(page.getByRole('article', { name: firstName })).toHaveCount(0);
  });
}

test('in Hindi, a double tap on "वकील से अनुरोध करें" asks one lawyer too', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: PHONE, locale: 'hi-IN', baseURL: test.info().project.use.baseURL })).newPage();
  const tag = `hi-${Date.now().toString(36)}`;
  for (const n of [1, 2]) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const lawyerPage = await context.newPage();
    await signUpViaApi(lawyerPage, 'Lawyer', `Adv. Tap ${tag} ${n}`);
    await registerLawyerViaApi(lawyerPage, 'Labor & Employment Attorney');
    await context.close();
  }
  await signUpViaApi(page, 'Family-Member', `Geeta Tap ${tag}`);
  await registerFamilyViaApi(page, 'Labor & Employment Attorney', `FIR-${tag}`);
  await page.goto('/lawyerSearch');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const first = page.getByRole('article').first();
  const button = first.getByRole('button', { name: 'वकील से अनुरोध करें' });
  await expect(button).toBeVisible();
  await doubleTap(page, button, 200);
  const firstName = (await first.getByRole('heading').textContent())!;
  await expect(first.getByRole('button', { name: `अनुरोध वापस लें (${firstName})` })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(await requestedLawyers(page)).toEqual([firstName]);
  await expectAccessible(page, 'lawyer search in Hindi after a double tap');
  await page.context().close();
});

test('notices: one at a time, at the top clear of the button, and left behind with their screen', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel(/^User category/i).selectOption('Jail-Authority');
  await page.getByLabel(/^Full name/i).fill('Wrong Code');
  await page.getByLabel(/^Email/i).fill(uniqueEmail('wrongcode'));
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByLabel(/^Jail-Authority registration code/i).fill('NOT-THE-CODE');
  await acceptSignUpConsent(page);
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  await signUp.click();
  const notice = page.getByRole('alert').filter({ hasText: 'registration code' });
  await expect(notice).toBeVisible();
  await signUp.click();
  await page.waitForTimeout(1_000);
  // The same mistake twice: still one notice, not two identical red ones.
  await expect(page.getByRole('alert')).toHaveCount(1);
  expect(await overlap(notice, signUp)).toBe(false);
  expect((await box(notice)).y).toBeLessThan(PHONE.height / 2);
  await expectAccessible(page, 'sign-up with a wrong code');

  // The notice is about the sign-up form: it does not follow to sign-in.
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a session that ends shows the sign-in-again dialog and no "User not authenticated" beside it', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await registerFamilyViaApi(page);
  await page.goto('/edit-profile');
  await page.getByLabel(/^Address/).fill('3 Expired Lane, Patna');
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('dialog', { name: 'Your session has ended' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByText(/not authenticated/i)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page, 'sign in again');
});

test('e-mail typos: sign-up offers the correction, takes a capitalised address, and sign-in remembers the role', async ({ page }) => {
  const email = uniqueEmail('geeta.devi');
  const [name] = email.split('@') as [string];
  const capitalised = `${name.charAt(0).toUpperCase()}${name.slice(1)}@gmial.com`;
  await page.goto('/signup');
  await page.getByLabel(/^User category/i).selectOption('Family-Member');
  await page.getByLabel(/^Full name/i).fill('Geeta Devi');
  const emailField = page.getByLabel(/^Email/i);
  await emailField.fill(capitalised);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await expect(page.getByText(`Did you mean ${email}?`)).toBeVisible();
  await expectAccessible(page, 'sign-up with an e-mail suggestion');
  await page.getByRole('button', { name: 'Yes, correct it' }).click();
  await expect(emailField).toHaveValue(email);
  await expect(page.getByText(/Did you mean/)).toHaveCount(0);
  // The phone capitalised the first letter: taken as the lower case, not refused.
  await emailField.fill(`${name.charAt(0).toUpperCase()}${name.slice(1)}@gmail.com`);
  await acceptSignUpConsent(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email, { exact: false }).first()).toBeVisible();

  // Sign-in: capitalised too, and the role chosen is remembered on this device.
  const other = uniqueEmail('ravi');
  await signUpAndConfirm(page.context().request, { role: 'Lawyer', name: 'Ravi Kumar', email: other, password: PASSWORD });
  await page.context().clearCookies();
  await page.goto('/');
  await page.getByLabel(/^User category/i).selectOption('Lawyer');
  await page.getByLabel(/^Email/i).fill(`${other.charAt(0).toUpperCase()}${other.slice(1)}`);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/(lawyer|lawyerform|second-factor)$/); // an official gives the code next (decision 0043)
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.getByLabel(/^User category/i)).toHaveValue('Lawyer');
  // The remembered role is only a start: the wrong one still gets the spec's message (docs/spec.md).
  await page.getByLabel(/^User category/i).selectOption('Family-Member');
  await page.getByLabel(/^Email/i).fill(other);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Role mismatch. Please select the correct role.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);
});

test('the contact form offers the correction of a misspelt domain; the About page calls 15100', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await registerFamilyViaApi(page);
  await page.goto('/about-family');
  const helpline = page.getByRole('link', { name: /15100/ });
  await expect(helpline).toHaveAttribute('href', 'tel:15100');
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog');
  const emailField = dialog.getByLabel(/^Email/i);
  await emailField.fill('sunita.rao@gamil.com');
  await dialog.getByLabel(/^Message/i).click();
  await expect(dialog.getByText('Did you mean sunita.rao@gmail.com?')).toBeVisible();
  await expectAccessible(page, 'contact form with an e-mail suggestion');
  await dialog.getByRole('button', { name: 'Yes, correct it' }).click();
  await expect(emailField).toHaveValue('sunita.rao@gmail.com');
});

test('Case Status offers to call the lawyer who accepted; uploads say "10 MB"; withdraw asks with the safe choice first', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const { email } = await signUpViaApi(page, 'Family-Member', `Sunita Call ${tag}`);
  expect(email).toBeTruthy();
  await registerFamilyViaApi(page, 'Criminal Defense Lawyer', `FIR-call-${tag}`);
  const lawyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: SAME_ORIGIN });
  const lawyerName = `Adv. Callable ${tag}`;
  await acceptedLawyer(page.request, lawyerContext.request, { name: lawyerName, email: uniqueEmail('callable') });
  // A second, pending request: its Withdraw asks first.
  const pendingName = `Adv. Pending ${tag}`;
  const pendingContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const pendingPage = await pendingContext.newPage();
  await signUpViaApi(pendingPage, 'Lawyer', pendingName);
  await registerLawyerViaApi(pendingPage);
  const me = (await (await pendingPage.request.get('/api/auth/session')).json()) as { user: { id: string } };
  expect((await page.request.post('/api/family/requests', { data: { lawyerId: me.user.id }, headers: SAME_ORIGIN })).status()).toBe(201);

  await page.goto('/family-case');
  const call = page.getByRole('link', { name: new RegExp(`^Call ${lawyerName}: `) });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute('href', 'tel:+919811100000');
  // Only the lawyer who accepted can be called from here.
  await expect(page.getByRole('link', { name: new RegExp(`^Call ${pendingName}`) })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'case status with a lawyer to call');

  await page.getByRole('button', { name: `Withdraw request (${pendingName})` }).click();
  const dialog = page.getByRole('dialog', { name: `Withdraw your request to ${pendingName}?` });
  const buttons = dialog.getByRole('button', { name: /Keep the request|Yes, withdraw/ });
  await expect(buttons).toHaveText(['Keep the request', 'Yes, withdraw']);
  await expect(dialog.getByRole('button', { name: 'Keep the request' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep the request' }).click();

  await page.goto('/upload-file');
  await expect(page.getByText('An image (JPEG, PNG or WebP) or a PDF, at most 10 MB.')).toBeVisible();
  await expect(page.getByText(/MiB/)).toHaveCount(0);
  await lawyerContext.close();
  await pendingContext.close();
});

test('the jail authority: the Undo in the Bail-Accept notice says it is undone; the confirmation starts on Cancel', async ({
  page,
  browser,
}) => {
  const familyContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const family = await familyContext.newPage();
  const name = `Notice Undo ${Date.now().toString(36)}`;
  await signUpViaApi(family, 'Family-Member', name);
  await registerFamilyViaApi(family);
  const up = await family.request.post('/api/family/documents', {
    multipart: { file: { name: 'bail.png', mimeType: 'image/png', buffer: minimalPng() } },
    headers: SAME_ORIGIN,
  });
  expect(up.status(), await up.text()).toBe(201);
  await familyContext.close();

  await signUpAndConfirm(page.request, {
    role: 'Jail-Authority',
    name: 'Jail Undo',
    email: uniqueEmail('jailundo'),
    password: PASSWORD,
    registrationCode: JAIL_CODE,
  });
  await page.goto(`/bail-page?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Bail-Accept for ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Accept bail for ${name}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Yes, accept bail' }).click();
  const accepted = page.getByRole('alert').filter({ hasText: 'Bail-Paper accepted' });
  await expect(accepted).toBeVisible();
  await accepted.getByRole('button', { name: `Undo Bail-Accept for ${name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bail-Accept undone: the bail paper is waiting again.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expectAccessible(page, 'Bail-Accept undone from the notice');
});
