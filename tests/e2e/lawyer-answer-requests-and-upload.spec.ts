// The lawyer journey: register on /lawyerform, answer a family's request on /pending-case,
// upload a bail paper on /lawyer-cases, and the family member sees it on /family-case.
// Families and their requests are made through the API, as the family screens make them.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  barEnrolment,
  expectAccessible,
  expectNoHorizontalScroll,
  PASSWORD,
  signInViaApi,
  signUpAndConfirm,
  signUpViaApi,
  uniqueEmail,
  verifyLawyerViaApi,
  waitForMail,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Family {
  name: string;
  email: string;
  caseNumber: string;
  page: Page;
  close: () => Promise<void>;
}

/** A registered family member in a browser context of their own. */
async function createFamily(browser: Browser, baseURL: string, name: string): Promise<Family> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = uniqueEmail('family');
  await signUpAndConfirm(page.request, { role: 'Family-Member', name, email, password: PASSWORD });
  const caseNumber = `FIR-${Math.floor(Math.random() * 9000) + 1000}/2024`;
  const reg = await page.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9876543210',
      address: '3 Lake Road, Pune 411001',
      caseNumber,
      detail: 'Brother held at Yerwada since March 2024 under IPC 379; chargesheet not yet filed.',
      caseType: 'Criminal Defense Lawyer',
    },
    headers: SAME_ORIGIN,
  });
  expect(reg.status(), await reg.text()).toBe(200);
  return { name, email, caseNumber, page, close: () => context.close() };
}

async function requestLawyer(family: Family, lawyerId: string) {
  const res = await family.page.request.post('/api/family/requests', { data: { lawyerId }, headers: SAME_ORIGIN });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/**
 * A lawyer account with its /lawyerform record saved through the API and its enrolment verified, so
 * families can request them; the page is signed in.
 */
async function registeredLawyer(page: Page, name: string) {
  const account = await signUpViaApi(page, 'Lawyer', name);
  await saveRegistration(page.request);
  const session = await page.request.get('/api/auth/session');
  const { user } = (await session.json()) as { user: { id: string } };
  await verifyLawyerViaApi(user.id);
  return { ...account, id: user.id };
}

async function saveRegistration(request: APIRequestContext) {
  const res = await request.put('/api/lawyers/registration', {
    data: {
      phone: '9811122233',
      address: 'Chamber 12, Shivajinagar Court, Pune',
      lawyerType: 'Criminal Defense Lawyer',
      courtArea: 'Pune',
      ...barEnrolment('MH'),
    },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('lawyer registration (/lawyerform)', () => {
  test('an unregistered lawyer is sent to the form; it validates, saves, and shows the saved data again', async ({ page }) => {
    const { email, name } = await signUpViaApi(page, 'Lawyer', 'Adv. Kiran Joshi');
    // Every lawyer screen, the home included, leads to the form first.
    for (const screen of ['/lawyer', '/pending-case', '/lawyer-cases']) {
      await page.goto(screen);
      await expect(page).toHaveURL(/\/lawyerform$/);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Lawyer Registration' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter your phone number.')).toBeVisible();
    await expect(page.getByText('Please enter your address.')).toBeVisible();
    await expect(page.getByText('Please select your lawyer type.')).toBeVisible();
    await expect(page.getByText('Please enter your court area.')).toBeVisible();
    await expect(page.getByText('Enter your Bar Council enrolment number, e.g. D/1234/2015.')).toBeVisible();
    await expect(page.getByText('Please select the State Bar Council you are enrolled with.')).toBeVisible();
    await expect(page).toHaveURL(/\/lawyerform$/);

    await page.getByLabel(/^Phone number/).fill('12345');
    await page.getByLabel(/^Address/).fill('Chamber 4, Tis Hazari Courts, Delhi 110054');
    await page.getByLabel(/^Lawyer type/).selectOption('Constitutional Lawyer');
    await page.getByLabel(/^Court area/).fill('Tis Hazari Courts, Delhi');
    await page.getByLabel(/^Bar Council enrolment number/).fill('d/4821/2015');
    await page.getByLabel(/^State Bar Council/).selectOption('DL');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/Enter a 10-digit Indian mobile number/)).toBeVisible();

    // A failure on the server side keeps the user on the form with the spec's (docs/spec.md) message.
    await page.getByLabel(/^Phone number/).fill('98111 22233');
    await page.route('**/api/lawyers/registration', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to save lawyer data. Please try again.' })).toBeVisible();
    await expect(page).toHaveURL(/\/lawyerform$/);
    await page.unrouteAll();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/lawyer$/);
    await expect(page.getByRole('link', { name: /Pending Appointments/ })).toBeVisible();

    await page.goto('/lawyerform');
    await expect(page.getByLabel(/^Phone number/)).toHaveValue('+919811122233');
    await expect(page.getByLabel(/^Address/)).toHaveValue('Chamber 4, Tis Hazari Courts, Delhi 110054');
    await expect(page.getByLabel(/^Lawyer type/)).toHaveValue('Constitutional Lawyer');
    await expect(page.getByLabel(/^Court area/)).toHaveValue('Tis Hazari Courts, Delhi');
    // Stored upper-case, as councils write it.
    await expect(page.getByLabel(/^Bar Council enrolment number/)).toHaveValue('D/4821/2015');
    await expect(page.getByLabel(/^State Bar Council/)).toHaveValue('DL');
    // Saving again is harmless.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/lawyer$/);
  });
});

test.describe('answering requests and uploading a bail paper', () => {
  test('request → accept → upload with progress → popup returns home after 3 s → the family sees it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const lawyer = await registeredLawyer(page, 'Adv. Neha Gupta');
    const family = await createFamily(browser, baseURL!, 'Asha Verma');
    try {
      await requestLawyer(family, lawyer.id);
      const requestMail = await waitForMail(lawyer.email, /New case request/);
      expect(requestMail.raw).toContain('Asha Verma');

      // The lawyer signs in and opens Pending Appointments from the home cards.
      await page.context().clearCookies();
      await signInViaApi(page, 'Lawyer', lawyer.email);
      await page.goto('/lawyer');
      await page.getByRole('link', { name: /Pending Appointments/ }).click();
      await expect(page).toHaveURL(/\/pending-case$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Requested Cases' })).toBeVisible();
      const card = page.getByRole('region', { name: 'Asha Verma' });
      await expect(card).toBeVisible();
      await expect(card.getByText(family.email)).toBeVisible();
      await expect(card.getByText('+919876543210')).toBeVisible();
      await expect(card.getByText('3 Lake Road, Pune 411001')).toBeVisible();
      await expect(card.getByText(family.caseNumber)).toBeVisible();
      await expect(card.getByText('Criminal Defense Lawyer')).toBeVisible();
      await expect(card.getByText(/Brother held at Yerwada/)).toBeVisible();

      await card.getByRole('button', { name: 'Accept' }).click();
      const dialog = page.getByRole('dialog', { name: 'Case Acceptance Successful' });
      await expect(dialog).toBeVisible();
      await expect(card).toHaveCount(0);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(/\/lawyer$/);
      const acceptedMail = await waitForMail(family.email, /accepted your lawyer request/);
      expect(acceptedMail.raw).toContain('Adv. Neha Gupta');

      await page.getByRole('link', { name: /Current case status/ }).click();
      await expect(page).toHaveURL(/\/lawyer-cases$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Case Record' })).toBeVisible();
      const client = page.getByRole('region', { name: 'Asha Verma' });
      await expect(client.getByText(family.email)).toBeVisible();
      await expect(client.getByText(family.caseNumber)).toBeVisible();
      await expect(client.getByText('No bail papers uploaded yet.')).toBeVisible();

      // No file chosen: the button does nothing.
      let uploads = 0;
      page.on('request', (r) => {
        if (r.url().includes('/documents') && r.method() === 'POST') uploads += 1;
      });
      await client.getByRole('button', { name: 'Upload Bail Paper' }).click();
      await page.waitForTimeout(300);
      expect(uploads).toBe(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(/\/lawyer-cases$/);

      // Hold the upload briefly so the busy state can be seen.
      await page.route('**/api/lawyers/clients/*/documents', async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await client.locator('input[type="file"]').setInputFiles({ name: 'bail-order.pdf', mimeType: 'application/pdf', buffer: PDF });
      await client.getByRole('button', { name: 'Upload Bail Paper' }).click();
      await expect(client.getByRole('button', { name: 'Uploading...' })).toBeVisible();
      await expect(client.getByRole('progressbar')).toBeVisible();
      const popup = page.getByRole('dialog', { name: 'Bail Paper uploaded successfully!' });
      await expect(popup).toBeVisible();
      const shownAt = Date.now();
      await expect(page).toHaveURL(/\/lawyer$/, { timeout: 6000 });
      const elapsed = Date.now() - shownAt;
      expect(elapsed).toBeGreaterThan(2500);
      expect(elapsed).toBeLessThan(4500);
      await page.unrouteAll();
      expect(uploads).toBe(1);
      const paperMail = await waitForMail(family.email, /bail paper was uploaded/);
      expect(paperMail.raw).toContain('bail-order.pdf');

      await page.goto('/lawyer-cases');
      await expect(page.getByRole('region', { name: 'Asha Verma' }).getByRole('link', { name: 'bail-order.pdf' })).toBeVisible();

      // The family member's Case Status shows the lawyer accepted and the paper.
      await family.page.goto('/family-case');
      await expect(family.page.getByText('Accepted by Adv. Neha Gupta')).toBeVisible();
      await expect(family.page.getByRole('link', { name: 'Open bail-order.pdf' })).toBeVisible();
      await expect(family.page.getByText('Bail paper uploaded by Adv. Neha Gupta (Lawyer)')).toBeVisible();
    } finally {
      await family.close();
    }
  });

  test('reject removes the card after confirmation; a request answered in another tab gives a clear error', async ({
    page,
    browser,
    baseURL,
  }) => {
    const lawyer = await registeredLawyer(page, 'Adv. Rohan Das');
    const first = await createFamily(browser, baseURL!, 'Farida Khan');
    const second = await createFamily(browser, baseURL!, 'Gopal Yadav');
    try {
      await requestLawyer(first, lawyer.id);
      const other = await requestLawyer(second, lawyer.id);
      await page.goto('/pending-case');
      const firstCard = page.getByRole('region', { name: 'Farida Khan' });
      const secondCard = page.getByRole('region', { name: 'Gopal Yadav' });
      await expect(firstCard).toBeVisible();
      await expect(secondCard).toBeVisible();

      await firstCard.getByRole('button', { name: 'Reject' }).click();
      const confirm = page.getByRole('dialog', { name: 'Reject this request?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(firstCard).toBeVisible();
      await firstCard.getByRole('button', { name: 'Reject' }).click();
      await page.getByRole('dialog', { name: 'Reject this request?' }).getByRole('button', { name: 'Reject request' }).click();
      await expect(firstCard).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: 'You rejected the request from Farida Khan.' })).toBeVisible();
      const rejectedMail = await waitForMail(first.email, /declined your lawyer request/);
      expect(rejectedMail.raw).toContain('Adv. Rohan Das');

      // Accepted meanwhile in another tab: this tab's Accept is refused and the card goes.
      const elsewhere = await page.request.post(`/api/lawyers/requests/${other.id}/accept`, { headers: SAME_ORIGIN });
      expect(elsewhere.status()).toBe(200);
      await secondCard.getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'This request has already been answered.' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(secondCard).toHaveCount(0);
      await expect(page.getByText('No pending requests. New requests from families will appear here.')).toBeVisible();

      // The rejected family member is not a client; the accepted one is.
      await page.goto('/lawyer-cases');
      await expect(page.getByRole('region', { name: 'Gopal Yadav' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Farida Khan' })).toHaveCount(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('upload errors: a wrong type and a failed upload show SPEC’s messages; empty lists say so', async ({ page, browser, baseURL }) => {
    const lawyer = await registeredLawyer(page, 'Adv. Sara Thomas');
    await page.goto('/lawyer-cases');
    await expect(page.getByText('No requested cases found')).toBeVisible();
    await page.goto('/pending-case');
    await expect(page.getByText('No pending requests. New requests from families will appear here.')).toBeVisible();

    const family = await createFamily(browser, baseURL!, 'Imran Sheikh');
    try {
      const req = await requestLawyer(family, lawyer.id);
      expect((await page.request.post(`/api/lawyers/requests/${req.id}/accept`, { headers: SAME_ORIGIN })).status()).toBe(200);
      await page.goto('/lawyer-cases');
      const client = page.getByRole('region', { name: 'Imran Sheikh' });
      const input = client.locator('input[type="file"]');

      // Named and labelled as a PDF, but the bytes are text: the server decides from the bytes.
      await input.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
      await client.getByRole('button', { name: 'Upload Bail Paper' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Unsupported file type. Please upload an image or a PDF.' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.route('**/api/lawyers/clients/*/documents', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }),
      );
      await input.setInputFiles({ name: 'bail.pdf', mimeType: 'application/pdf', buffer: PDF });
      await client.getByRole('button', { name: 'Upload Bail Paper' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Upload failed. Please try again.' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(/\/lawyer-cases$/);
      await page.unrouteAll();
      await expect(client.getByText('No bail papers uploaded yet.')).toBeVisible();
    } finally {
      await family.close();
    }
  });
});

test.describe('accessibility and small screens', () => {
  const width = 360;
  test(`every lawyer screen at ${width}px, the last also at 1280px`, async ({ page, browser, baseURL }) => {
    // A dozen axe scans, each larger since the release tracker: more time on a loaded machine.
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const check = async (label: string) => {
      // Dialogs fade in: scan the finished screen, not a half-transparent frame.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await expectAccessible(page, `${label} @${width}`);
      await expectNoHorizontalScroll(page);
    };
    const { email } = await signUpViaApi(page, 'Lawyer', 'Adv. Axe Check');
    await page.goto('/lawyerform');
    await expect(page.getByRole('heading', { level: 1, name: 'Lawyer Registration' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter your phone number.')).toBeVisible();
    await check('/lawyerform with errors');

    await saveRegistration(page.request);
    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
    await page.goto('/lawyerform');
    await expect(page.getByLabel(/^Phone number/)).toHaveValue('+919811122233');
    await check('/lawyerform saved');

    await page.goto('/lawyer');
    await expect(page.getByRole('link', { name: /Pending Appointments/ })).toBeVisible();
    await check('/lawyer');

    await page.goto('/pending-case');
    await expect(page.getByText('No pending requests. New requests from families will appear here.')).toBeVisible();
    await check('/pending-case empty');
    await page.goto('/lawyer-cases');
    await expect(page.getByText('No requested cases found')).toBeVisible();
    await check('/lawyer-cases empty');
    // Families reach a lawyer once the enrolment is verified.
    await verifyLawyerViaApi(session.user.id);

    const family = await createFamily(browser, baseURL!, 'Lakshmi Narayanan Subramaniam');
    try {
      await requestLawyer(family, session.user.id);
      await page.goto('/pending-case');
      const card = page.getByRole('region', { name: 'Lakshmi Narayanan Subramaniam' });
      await expect(card).toBeVisible();
      await check('/pending-case with a request');
      await card.getByRole('button', { name: 'Reject' }).click();
      await expect(page.getByRole('dialog', { name: 'Reject this request?' })).toBeVisible();
      await check('/pending-case reject confirmation');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByRole('dialog', { name: 'Case Acceptance Successful' })).toBeVisible();
      await check('/pending-case accepted dialog');

      await page.goto('/lawyer-cases');
      const client = page.getByRole('region', { name: 'Lakshmi Narayanan Subramaniam' });
      await expect(client).toBeVisible();
      await check('/lawyer-cases with a client');
      await client.locator('input[type="file"]').setInputFiles({ name: 'bail-order.pdf', mimeType: 'application/pdf', buffer: PDF });
      await client.getByRole('button', { name: 'Upload Bail Paper' }).click();
      await expect(page.getByRole('dialog', { name: 'Bail Paper uploaded successfully!' })).toBeVisible();
      await check('/lawyer-cases upload popup');
      await expect(page).toHaveURL(/\/lawyer$/, { timeout: 6000 });
      await page.goto('/lawyer-cases');
      await expect(client.getByRole('link', { name: 'bail-order.pdf' })).toBeVisible();
      await check('/lawyer-cases with a paper');
    } finally {
      await family.close();
    }
    expect(email).toBeTruthy();
    // At 1280 px the app draws the same elements in wider columns (only the family form changes its
    // markup with the width, and family-registration-steps.spec.ts scans it wide): one wide scan.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, '/lawyer-cases with a paper at 1280px');
    await expectNoHorizontalScroll(page);
  });
});
