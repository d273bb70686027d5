import { expect, test, type Page } from '@playwright/test';
import type { CaseType } from '#shared/constants.ts';
import { minimalPdf, minimalPng } from '../fixtures/files.ts';
import { chooseCaseType, expectAccessible, expectNoHorizontalScroll, signUpViaApi, waitForMail, recordPrisonerConsent } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Submits /fmform through the API (only the journey test goes through the form). */
async function registerViaApi(page: Page, caseType: CaseType = 'Criminal Defense Lawyer', caseNumber = 'FIR-77/2024') {
  const res = await page.request.put('/api/family/registration', {
    data: {
      phone: '9876543210',
      address: '14 Gandhi Nagar, Delhi',
      caseNumber,
      detail: 'Held at Tihar under IPC 379.',
      caseType,
      prisonerConsent: 'visit',
    },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('family member journey: register, request a lawyer, follow the case, upload and open a bail paper', async ({ page }) => {
  const { name } = await signUpViaApi(page, 'Family-Member', 'Asha Verma');

  // Not registered yet: every family screen steers to /fmform.
  for (const path of ['/family-case', '/lawyerSearch', '/ngo-details', '/upload-file']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/fmform$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Family Member Registration' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  // Each required field says so; a bad phone shows the rule.
  await recordPrisonerConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter your phone number.')).toBeVisible();
  await expect(page.getByText('Please enter the case ID.')).toBeVisible();
  await expect(page.getByText('Please choose what the case is about.')).toBeVisible();
  await page.getByLabel(/^Phone number/).fill('12345');
  await recordPrisonerConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (optional +91 or 0 before it).'),
  ).toBeVisible();

  await page.getByLabel(/^Phone number/).fill('+91 98765 43210');
  await page.getByLabel(/^Address/).fill('14 Gandhi Nagar, Delhi 110031');
  await page.getByLabel(/^Case ID/).fill('FIR-0421/2024');
  await page.getByLabel(/^Case details/).fill('Brother held at Tihar since March under IPC 379.');
  await chooseCaseType(page, 'Criminal Defense Lawyer');
  await recordPrisonerConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/family-member$/);

  // Opening /fmform again shows the saved data, not an empty form.
  await page.goto('/fmform');
  await expect(page.getByLabel(/^Phone number/)).toHaveValue('+919876543210');
  await expect(page.getByLabel(/^Case ID/)).toHaveValue('FIR-0421/2024');
  await expect(page.getByLabel(/^Case type/)).toHaveValue('Criminal Defense Lawyer');

  // Legal Services: lawyers of the case type; requesting one removes its card and confirms.
  await page.goto('/family-member');
  await page.getByRole('link', { name: /Legal Services/ }).click();
  await expect(page).toHaveURL(/\/lawyerSearch$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Services' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Lawyers' })).toBeVisible();
  const priya = page.getByRole('article', { name: 'Adv. Priya Sharma' });
  await expect(priya).toBeVisible();
  await expect(priya.getByText('priya.sharma.demo@gmail.com')).toBeVisible();
  await expect(priya.getByText('Tis Hazari Courts, Delhi')).toBeVisible();
  // Only the case's type is listed.
  await expect(page.getByRole('article', { name: 'Adv. Kavita Rao' })).toHaveCount(0);
  await priya.getByRole('button', { name: 'Request Lawyer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Request sent to Adv. Priya Sharma.' })).toBeVisible();
  // The card stays where it was, marked requested, until the list is refreshed.
  await expect(priya.getByText('Requested: waiting for an answer')).toBeVisible();
  await expect(priya.getByRole('button', { name: 'Withdraw request (Adv. Priya Sharma)' })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh Lawyers' }).click();
  await expect(page.getByRole('article', { name: 'Adv. Mohammed Iqbal' })).toBeVisible();
  await expect(priya).toHaveCount(0);
  // The lawyer is told by email.
  const mail = await waitForMail('priya.sharma.demo@gmail.com', /New case request on Rihaai/);
  expect(mail.raw).toContain('Asha Verma');

  // Case Status: the request is pending, in the case's timeline.
  await page.goto('/family-member');
  await page.getByRole('link', { name: /Case Status/ }).click();
  await expect(page).toHaveURL(/\/family-case$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family Member Case Details' })).toBeVisible();
  const caseCard = page.getByRole('region', { name: 'Case ID: FIR-0421/2024' });
  await expect(caseCard.getByText('Brother held at Tihar since March under IPC 379.')).toBeVisible();
  await expect(caseCard.getByText('Requested, waiting for Adv. Priya Sharma')).toBeVisible();
  await expect(caseCard.getByText('Lawyer Adv. Priya Sharma requested (pending)')).toBeVisible();

  // Upload a PDF with the progress bar, then open it.
  await page.getByRole('link', { name: 'Upload bail paper' }).click();
  await expect(page).toHaveURL(/\/upload-file$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Bail Paper (Image/PDF)' })).toBeVisible();
  const fileInput = page.locator('input[type="file"]');
  // A file the browser calls text is refused before upload; one that only claims to be a PDF is refused by the server.
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just notes') });
  await expect(page.getByText('Unsupported file type. Please upload an image or a PDF.')).toBeVisible();
  await fileInput.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unsupported file type. Please upload an image or a PDF.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Uploaded File' })).toHaveCount(0);

  const pdf = minimalPdf('Bail order FIR-0421');
  await fileInput.setInputFiles({ name: 'bail-order.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Upload complete.')).toBeVisible();
  const view = page.getByRole('link', { name: 'View Uploaded File' });
  await expect(view).toBeVisible();
  const href = await view.getAttribute('href');
  expect(href).toMatch(/^\/api\/documents\/[0-9a-f-]{36}$/);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  expect(file.headers()['content-disposition']).toMatch(/^inline; filename="bail-order\.pdf"/);
  expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);
  // The link opens the file in a new tab.
  const [popup] = await Promise.all([page.waitForEvent('popup'), view.click()]);
  await expect.poll(() => popup.url()).toContain(href!);
  await popup.close();

  // The paper shows in the case's timeline, with who uploaded it.
  await page.getByRole('link', { name: 'Case Status' }).click();
  await expect(caseCard.getByText('Bail paper uploaded by Asha Verma (family member)')).toBeVisible();
  await expect(caseCard.getByRole('link', { name: 'Open bail-order.pdf' })).toHaveAttribute('href', href!);

  // Another case: same fields and rules; a duplicate case id is refused.
  await page.getByRole('button', { name: 'Add another case' }).click();
  const form = page.getByRole('region', { name: 'Add another case' });
  await form.getByLabel(/^Case ID/).fill('FIR-0421/2024');
  await form.getByLabel(/^Case details/).fill('Second matter');
  await chooseCaseType(form, 'Constitutional Lawyer');
  await form.getByRole('button', { name: 'Add case' }).click();
  await expect(form.getByText('You already have a case with this case ID.')).toBeVisible();
  await form.getByLabel(/^Case ID/).fill('WP-12/2024');
  await form.getByRole('button', { name: 'Add case' }).click();
  await expect(page.getByRole('region', { name: 'Case ID: WP-12/2024' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Case ID: FIR-0421/2024' })).toBeVisible();

  // Legal Services now also lists lawyers of the new case's type.
  await page.goto('/lawyerSearch');
  await expect(page.getByRole('article', { name: 'Adv. Arjun Mehta' })).toBeVisible();

  // NGO: none assigned yet; 'Back to Home'.
  await page.goto('/family-member');
  await page.getByRole('link', { name: /Rehabilitation Centre\/NGOs/ }).click();
  await expect(page).toHaveURL(/\/ngo-details$/);
  await expect(page.getByText('No NGO details available')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/family-member$/);
});

test('Legal Services says why when no lawyer of the case type exists', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await registerViaApi(page, 'Intellectual Property Lawyer');
  await page.goto('/lawyerSearch');
  await expect(
    page.getByText('No lawyer of your case type (Intellectual Property Lawyer) is available on Rihaai yet.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Lawyer' })).toHaveCount(0);
});

test.describe('accessibility and small screens', () => {
  const width = 360;
  test(`every family screen at ${width}px, the last also at 1280px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpViaApi(page, 'Family-Member', 'Kamla Devi Prasad');
    const check = async (label: string) => {
      await expectAccessible(page, `${label} (${width}px)`);
      await expectNoHorizontalScroll(page);
    };

    await page.goto('/fmform');
    await expect(page.getByRole('heading', { level: 1, name: 'Family Member Registration' })).toBeVisible();
    // A phone asks one group at a time: the person in custody (nothing required), then the case.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Please enter the case ID.')).toBeVisible();
    await check('/fmform with errors');

    await registerViaApi(page, 'Criminal Defense Lawyer', 'FIR-2024/000123456789-LONG-CASE-NUMBER');
    const lawyers = await (await page.request.get('/api/family/lawyers')).json();
    await page.request.post('/api/family/requests', { data: { lawyerId: lawyers.lawyers[0].id }, headers: SAME_ORIGIN });
    const up = await page.request.post('/api/family/documents', {
      multipart: { file: { name: 'photo-of-bail-paper-with-a-long-name.png', mimeType: 'image/png', buffer: minimalPng() } },
      headers: SAME_ORIGIN,
    });
    expect(up.status()).toBe(201);

    await page.goto('/fmform');
    await expect(page.getByText('You have registered already.', { exact: false })).toBeVisible();
    await check('/fmform registered');

    await page.goto('/family-member');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check('/family-member');

    await page.goto('/lawyerSearch');
    await expect(page.getByRole('button', { name: 'Request Lawyer' }).first()).toBeVisible();
    await check('/lawyerSearch');

    await page.goto('/family-case');
    await expect(page.getByText(/requested \(pending\)/)).toBeVisible();
    await page.getByRole('button', { name: 'Add another case' }).click();
    await page.getByRole('button', { name: 'Add case' }).click();
    await expect(page.getByText('Please enter the case ID.')).toBeVisible();
    await check('/family-case with the add-case form');

    await page.goto('/ngo-details');
    await expect(page.getByText('No NGO details available')).toBeVisible();
    await check('/ngo-details');

    await page.goto('/upload-file');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Bail Paper (Image/PDF)' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(page.getByText('Unsupported file type. Please upload an image or a PDF.')).toBeVisible();
    await check('/upload-file with an error');
    await page.locator('input[type="file"]').setInputFiles({ name: 'bail.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('link', { name: 'View Uploaded File' })).toBeVisible();
    await check('/upload-file after upload');
    // At 1280 px the app draws the same elements in wider columns (only the family form changes its
    // markup with the width, and family-registration-steps.spec.ts scans it wide): one wide scan.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, '/upload-file after upload at 1280px');
    await expectNoHorizontalScroll(page);
  });
});
