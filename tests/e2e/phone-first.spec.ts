// On a 360 px phone: Hindi from the browser with the app's own font, 48 px targets and
// readable text, next steps with 15100, tel: links, no double-tap errors, a re-sign-in that keeps
// what was typed, honest empty searches, NGO seats that refuse "-3", the lawyer's pending count.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { minimalPng } from '../fixtures/files.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  PASSWORD,
  registerFamilyViaApi,
  registerLawyerViaApi,
  signUpRegisteredViaApi,
  signUpViaApi,
} from './helpers.ts';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

async function phonePage(browser: Browser, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale });
  return context.newPage();
}

test('a browser set to Hindi opens in Hindi and the app serves its own Devanagari font; English loads no such font', async ({
  browser,
}) => {
  const hindi = await phonePage(browser, 'hi-IN');
  const fonts: string[] = [];
  hindi.on('response', (r) => {
    if (/noto-sans-devanagari.*\.woff2?$/.test(r.url())) fonts.push(`${r.status()} ${r.url()}`);
  });
  await hindi.goto('/');
  await expect(hindi.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(hindi.getByRole('heading', { level: 1, name: 'साइन इन करें' })).toBeVisible();
  await expect.poll(() => fonts.length).toBeGreaterThan(0);
  const origin = new URL(hindi.url()).origin;
  expect(fonts.every((f) => f.startsWith('200 ') && f.includes(origin))).toBe(true);
  expect(await hindi.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'नमस्ते'))).toBe(true);
  await expectNoHorizontalScroll(hindi);
  await hindi.context().close();

  const english = await phonePage(browser, 'en-US');
  const englishFonts: string[] = [];
  english.on('request', (r) => {
    if (/noto-sans-devanagari/.test(r.url())) englishFonts.push(r.url());
  });
  await english.goto('/');
  await expect(english.locator('html')).toHaveAttribute('lang', 'en');
  await expect(english.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  expect(englishFonts).toEqual([]);
  await english.context().close();
});

test('touch targets are at least 48 px, body text 16 px and hints 14 px on a phone', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await page.goto('/fmform');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sizes = await page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const heights = [...document.querySelectorAll('button, [role="button"], input:not([type="hidden"]), select')]
      .filter(visible)
      .map((el) => ({ what: el.outerHTML.slice(0, 80), h: el.getBoundingClientRect().height }));
    const hint = document.querySelector('.mantine-InputWrapper-description');
    return {
      heights,
      body: parseFloat(getComputedStyle(document.body).fontSize),
      input: parseFloat(getComputedStyle(document.querySelector('input:not([type="hidden"])')!).fontSize),
      hint: hint ? parseFloat(getComputedStyle(hint).fontSize) : 0,
    };
  });
  expect(sizes.heights.filter((x) => x.h < 47.5)).toEqual([]);
  expect(sizes.body).toBeGreaterThanOrEqual(16);
  expect(sizes.input).toBeGreaterThanOrEqual(16);
  expect(sizes.hint).toBeGreaterThanOrEqual(14);
  const menu = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
  expect(menu!.height).toBeGreaterThanOrEqual(48);
  expect(menu!.width).toBeGreaterThanOrEqual(48);
});

test('with no lawyer yet, Case Status gives the next step: DLSA and the free helpline 15100 to call', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await registerFamilyViaApi(page, 'International Law Attorney', 'FIR-99/2025');
  await page.goto('/family-case');
  const next = page.getByRole('region', { name: 'No lawyer yet? Free legal aid' });
  await expect(next).toBeVisible();
  await expect(next.getByText(/District Legal Services Authority \(DLSA\)/)).toBeVisible();
  await expect(next.getByRole('link', { name: 'Call the free legal-aid helpline 15100' })).toHaveAttribute('href', 'tel:15100');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'case status with next step');
});

test('a double tap on Request Lawyer sends one request and shows only the success', async ({ page, browser }) => {
  const lawyerPage = await phonePage(browser);
  const lawyerName = `Adv. Twice ${Date.now().toString(36)}`;
  await signUpViaApi(lawyerPage, 'Lawyer', lawyerName);
  await registerLawyerViaApi(lawyerPage, 'Environmental Lawyer');

  await signUpViaApi(page, 'Family-Member');
  await registerFamilyViaApi(page, 'Environmental Lawyer', 'FIR-7/2025');
  await page.goto('/lawyerSearch');
  const card = page.getByRole('article', { name: lawyerName });
  await card.getByRole('button', { name: 'Request Lawyer' }).dblclick();
  await expect(page.getByRole('alert').filter({ hasText: `Request sent to ${lawyerName}` })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /already|failed|wrong/i })).toHaveCount(0);
  const cases = await (await page.request.get('/api/family/cases')).json();
  const requested = cases.cases
    .flatMap((c: { lawyers: { name: string }[] }) => c.lawyers)
    .filter((l: { name: string }) => l.name === lawyerName);
  expect(requested).toHaveLength(1);

  // The lawyer's home counts the waiting request; the client's phone is one tap to call.
  await lawyerPage.goto('/lawyer');
  await expect(lawyerPage.getByRole('link', { name: '1 case request is waiting for your answer' })).toBeVisible();
  await lawyerPage.getByRole('link', { name: '1 case request is waiting for your answer' }).click();
  await expect(lawyerPage).toHaveURL(/\/pending-case$/);
  await expect(lawyerPage.getByRole('link', { name: /9876543210$/ }).first()).toHaveAttribute('href', /^tel:(\+91)?9876543210$/);
  await lawyerPage.context().close();
});

test('a session that ends while typing asks for the password over the page and keeps what was typed', async ({ page }) => {
  const { email } = await signUpRegisteredViaApi(page, 'Family-Member');
  await page.goto('/edit-profile');
  await page.getByLabel(/^Address/).fill('9 Typed Before Expiry Road, Lucknow');
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.locator('input[type="password"]').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in again' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByLabel(/^Address/)).toHaveValue('9 Typed Before Expiry Road, Lucknow');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  // The success cleared the earlier error notice.
  await expect(page.getByRole('alert').filter({ hasText: /not authenticated|sign in/i })).toHaveCount(0);
});

test('the jail authority: a search with no match says so; NGO seats refuse "-3" in the form and on the server', async ({ page }) => {
  await signUpViaApi(page, 'Jail-Authority');
  await page.goto('/dashboard?q=zz-no-such-member-zz');
  await expect(page.getByText('No family member matches “zz-no-such-member-zz”.')).toBeVisible();
  await expect(page.getByText('No family member data available')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all family members' }).click();
  await expect(page).not.toHaveURL(/q=/);

  await page.goto('/ngos');
  await page.getByRole('button', { name: 'Add NGO' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add NGO' });
  await dialog.getByLabel(/^Name/).fill('Minus Seats Trust');
  await dialog.getByLabel(/^Address/).fill('Sitapur, Uttar Pradesh');
  await dialog.getByLabel(/^Contact info/).fill('Call 0586-2222222');
  await dialog.getByLabel(/^Total seats/).fill('-3');
  await expect(dialog.getByLabel(/^Total seats/)).toHaveValue('-3');
  await dialog.getByRole('button', { name: 'Save NGO' }).click();
  await expect(dialog.getByText('Total seats must be a whole number of 0 or more.')).toBeVisible();
  const res = await page.request.post('/api/ngos', {
    data: { name: 'Minus Seats Trust', address: 'Sitapur', contactInfo: '0586-2222222', report: '', seatsTotal: -3 },
    headers: SAME_ORIGIN,
  });
  expect(res.status()).toBe(400);
});

test('an unknown address keeps the app header', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('banner').getByText('Rihaai')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('sign-in and the role homes raise no browser issue (nothing the Content-Security-Policy refuses, such as eval)', async ({ page }) => {
  const issues: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', (e) => issues.push(`${page.url()} ${e.issue.code} ${JSON.stringify(e.issue.details).slice(0, 300)}`));
  await cdp.send('Audits.enable');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  for (const role of ['Family-Member', 'Lawyer', 'Jail-Authority'] as const) {
    await page.context().clearCookies();
    await signUpRegisteredViaApi(page, role);
    await page.goto('/');
    // Signed in: the sign-in screen sends the person home, whose data is read (and validated) at once.
    await expect(page).not.toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(issues).toEqual([]);
});

test('Bail-Accept asks first, and the jail authority can undo it from the bail page', async ({ page, browser }) => {
  const family = await phonePage(browser);
  const name = `Undo Member ${Date.now().toString(36)}`;
  await signUpViaApi(family, 'Family-Member', name);
  await registerFamilyViaApi(family);
  const up = await family.request.post('/api/family/documents', {
    multipart: { file: { name: 'bail.png', mimeType: 'image/png', buffer: minimalPng() } },
    headers: SAME_ORIGIN,
  });
  expect(up.status(), await up.text()).toBe(201);

  await signUpViaApi(page, 'Jail-Authority');
  await page.goto(`/bail-page?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Bail-Accept for ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Accept bail for ${name}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Close' })).toBeVisible();
  await expectAccessible(page, 'Bail-Accept confirmation');
  await confirm.getByRole('button', { name: 'Yes, accept bail' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bail-Paper accepted' })).toBeVisible();
  // The family's Case Status now says what to do next.
  await family.goto('/family-case');
  await expect(family.getByRole('heading', { name: 'Bail accepted: what to do next' })).toBeVisible();

  await page.goto(`/bail-page?q=${encodeURIComponent(name)}`);
  await expect(card.getByText(/Bail accepted on/)).toBeVisible();
  await card.getByRole('button', { name: `Undo Bail-Accept for ${name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bail-Accept undone: the bail paper is waiting again.' })).toBeVisible();
  await expect(card.getByRole('button', { name: `Bail-Accept for ${name}` })).toBeVisible();
  await expect(card.getByText(/Bail accepted on/)).toHaveCount(0);
  await family.reload();
  await expect(family.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(family.getByRole('heading', { name: 'Bail accepted: what to do next' })).toHaveCount(0);
  await family.context().close();
});
