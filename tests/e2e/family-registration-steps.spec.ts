// /fmform on a 360 × 640 phone: one short group per screen (the person in custody, the case, the
// family's contact) with "Step n of 3", Back and Next that lose nothing, Next checking only its own
// step; the case asked in the family's words; a failed check focuses and announces the first error
// (on a desktop too); and a reload keeps the draft on the device, for that account only.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, PASSWORD, signInViaApi, signUpViaApi, recordPrisonerConsent } from './helpers.ts';

const PHONE = { width: 360, height: 640 };
test.use({ viewport: PHONE });

const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 3/ });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

test('a phone registers in three steps: Back and Next keep everything, Next checks only its step, the case in the family words', async ({
  page,
}) => {
  await signUpViaApi(page, 'Family-Member', 'Geeta Steps');
  await page.goto('/fmform');
  await expect(stepHeading(page)).toHaveText('Step 1 of 3: The person in custody');
  // One short group: the contact and the case wait for their own screens.
  await expect(page.getByLabel(/^Phone number/)).toHaveCount(0);
  await expect(page.getByLabel(/^Case ID/)).toHaveCount(0);
  await page.getByLabel('Person in custody').fill('Ravi Steps');
  await page.getByLabel('Your relation to the person in jail').selectOption('son');
  await page.getByLabel('Prison', { exact: true }).fill('Tihar Jail No. 4');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, '/fmform step 1');
  await next(page).click();

  await expect(stepHeading(page)).toHaveText('Step 2 of 3: The case');
  await expect(stepHeading(page)).toBeFocused();
  // Next checks this step only: the case's fields are marked, the phone (step 3) is not yet.
  await next(page).click();
  await expect(page.getByText('Please enter the case ID.')).toBeVisible();
  await expect(page.getByText('Please choose what the case is about.')).toBeVisible();
  await expect(page.getByText('Please enter your phone number.')).toHaveCount(0);
  await expect(page.getByLabel(/^Case ID/)).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'To correct first: Case ID' })).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Step 2 of 3: The case');
  await expectAccessible(page, '/fmform step 2 with errors');

  // The case in the family's words; the lawyer type it stands for is said, not asked.
  const about = page.getByLabel(/^What is the case about\?/);
  await expect(about.locator('option')).toHaveText([
    'Choose an answer',
    'Theft or cheating',
    'A fight or an injury',
    'Land or property',
    'Family or marriage',
    'Work or wages',
    'Drugs',
    'A cheque or money',
    'A government office',
    'Something else…',
  ]);
  await about.selectOption({ label: 'Something else…' });
  await expect(page.getByLabel(/^Case type/).locator('option')).toHaveCount(10);
  await about.selectOption({ label: 'Work or wages' });
  await expect(page.getByText('We will look for: Labor & Employment Attorney')).toBeVisible();
  await expect(page.getByLabel(/^Case type/)).toHaveCount(0);
  await page.getByLabel(/^Case ID/).fill('FIR-STEPS-1');
  await page.getByLabel(/^Case details/).fill('Son held after a wage dispute at the factory.');

  // Back and Next lose nothing.
  await back(page).click();
  await expect(stepHeading(page)).toHaveText('Step 1 of 3: The person in custody');
  await expect(page.getByLabel('Person in custody')).toHaveValue('Ravi Steps');
  await expect(page.getByLabel('Prison', { exact: true })).toHaveValue('Tihar Jail No. 4');
  await next(page).click();
  await expect(page.getByLabel(/^Case ID/)).toHaveValue('FIR-STEPS-1');
  await expect(about).toHaveValue('work-wages');
  await next(page).click();

  await expect(stepHeading(page)).toHaveText('Step 3 of 3: Your contact details');
  await recordPrisonerConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter your phone number.')).toBeVisible();
  await expect(page.getByLabel(/^Phone number/)).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'To correct first: Phone number' })).toBeVisible();
  await expectAccessible(page, '/fmform step 3 with errors');
  await page.getByLabel(/^Phone number/).fill('98765 43210');
  await page.getByLabel(/^Address/).fill('14 Gandhi Nagar, Delhi');
  await recordPrisonerConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/family-member$/);

  // Stored as the lawyer type the family's words stand for; the facts of step 1 with it.
  const reg = (await (await page.request.get('/api/family/registration')).json()) as {
    cases: { caseType: string; facts: { prisonerName: string; prison: string } }[];
  };
  expect(reg.cases[0]).toMatchObject({
    caseType: 'Labor & Employment Attorney',
    facts: { prisonerName: 'Ravi Steps', prison: 'Tihar Jail No. 4' },
  });
  // Submitted: no draft left on the device.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rihaai.fmform-draft.')))).toEqual([]);
});

test('a reload keeps the draft on the device for its account only, until "Discard draft"', async ({ page }) => {
  const a = await signUpViaApi(page, 'Family-Member', 'Asha Draft');
  await page.goto('/fmform');
  await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
  await page.getByLabel('Person in custody').fill('Mohan Draft');
  await next(page).click();
  await page.getByLabel(/^Case ID/).fill('FIR-DRAFT-7');
  await page.getByLabel(/^What is the case about\?/).selectOption({ label: 'Land or property' });
  await expect(page.getByText('What you type is kept on this device until you submit it.')).toBeVisible();

  await page.reload();
  await expect(stepHeading(page)).toHaveText('Step 2 of 3: The case');
  await expect(page.getByLabel(/^Case ID/)).toHaveValue('FIR-DRAFT-7');
  await expect(page.getByLabel(/^What is the case about\?/)).toHaveValue('land-property');
  await back(page).click();
  await expect(page.getByLabel('Person in custody')).toHaveValue('Mohan Draft');
  await expectAccessible(page, '/fmform with a kept draft');

  // Another account on the same phone sees none of it.
  await page.context().clearCookies();
  await signUpViaApi(page, 'Family-Member', 'Bina Other');
  await page.goto('/fmform');
  await expect(stepHeading(page)).toHaveText('Step 1 of 3: The person in custody');
  await expect(page.getByLabel('Person in custody')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);

  // Back to the first account: the draft is there until it is discarded.
  await page.context().clearCookies();
  await signInViaApi(page, 'Family-Member', a.email, PASSWORD);
  await page.goto('/fmform');
  await expect(page.getByLabel('Person in custody')).toHaveValue('Mohan Draft');
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(stepHeading(page)).toHaveText('Step 1 of 3: The person in custody');
  await expect(page.getByLabel('Person in custody')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Person in custody')).toHaveValue('');
  await next(page).click();
  await expect(page.getByLabel(/^Case ID/)).toHaveValue('');
});

test('on a desktop the form is one page, and an empty Submit focuses and announces the first error', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, 'Family-Member', 'Desk Top');
  await page.goto('/fmform');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'The person in custody' })).toBeVisible();
  await recordPrisonerConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel(/^Case ID/)).toBeFocused();
  await expect(page.getByLabel(/^Case ID/)).toBeInViewport();
  await expect(page.getByRole('alert').filter({ hasText: 'To correct first: Case ID' })).toBeVisible();
  await expect(page.getByText('Please enter your phone number.')).toBeVisible();
  await expectAccessible(page, '/fmform desktop with errors');
});
